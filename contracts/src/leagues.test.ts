import { describe, expect, it } from 'vitest';
import {
  BadgeList,
  JoinLeagueBody,
  Leaderboard,
  LeaderboardQuery,
  MyLeague,
  ScoreBreakdown,
} from './leagues';

const league = {
  id: '6a0f3e1b-2c4d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'ליגת החורף',
  description: 'עונת החורף של המחזור',
  status: 'active',
  season: 'חורף 2026',
  participants: 12,
  maxParticipants: 30,
  myRank: 3,
  myScore: 71.5,
  trustThreshold: 70,
  minTrades: 10,
  submissionWindow: 24,
  rules: { winRateWeight: 30, rWeight: 30, trustWeight: 25, goalsWeight: 15 },
  prizes: ['ליווי אישי של שעה'],
  inviteCode: 'K7PQ2MXR',
};

describe('my league', () => {
  it('is the league, or null without one', () => {
    expect(MyLeague.parse(league)).toEqual(league);
    expect(MyLeague.parse(null)).toBeNull();
  });

  it('allows an unranked member and refuses an unknown status', () => {
    expect(MyLeague.safeParse({ ...league, myRank: null, myScore: null }).success).toBe(true);
    expect(MyLeague.safeParse({ ...league, status: 'paused' }).success).toBe(false);
  });
});

describe('leaderboard', () => {
  it('defaults the period to month and refuses others than week, month, season', () => {
    expect(LeaderboardQuery.parse({})).toEqual({ period: 'month' });
    expect(LeaderboardQuery.parse({ period: 'season' })).toEqual({ period: 'season' });
    expect(LeaderboardQuery.safeParse({ period: 'year' }).success).toBe(false);
  });

  it('lists rows with rank, names, score, figures and isMe', () => {
    const rows = [
      {
        rank: 1,
        displayName: 'דנה',
        username: 'dana',
        score: 88,
        winRate: 64,
        netR: 14.2,
        trades: 31,
        isMe: false,
      },
      {
        rank: null,
        displayName: 'יוסי',
        username: 'yossi',
        score: 40,
        winRate: 50,
        netR: -1,
        trades: 3,
        isMe: true,
      },
    ];
    expect(Leaderboard.parse(rows)).toEqual(rows);
    expect(Leaderboard.safeParse([{ ...rows[0], trades: -1 }]).success).toBe(false);
  });
});

describe('badges and score breakdown', () => {
  it('accepts earned badges and refuses an unknown rarity', () => {
    const badge = {
      id: 'first-trade',
      icon: '🎯',
      name: 'עסקה ראשונה',
      description: 'רשמת את העסקה הראשונה ביומן',
      rarity: 'common',
      earnedAt: '2026-03-05T10:00:00.000Z',
    };
    expect(BadgeList.parse([badge])).toEqual([badge]);
    expect(BadgeList.safeParse([{ ...badge, rarity: 'mythic' }]).success).toBe(false);
  });

  it('accepts components, total and calculation lines, or null without data', () => {
    const breakdown = {
      components: { winRate: { label: 'אחוז הצלחה', score: 60, weight: 30 } },
      totalScore: 71.5,
      calculation: [{ description: 'אחוז הצלחה 60 × 30%', value: 18 }],
    };
    expect(ScoreBreakdown.parse(breakdown)).toEqual(breakdown);
    expect(ScoreBreakdown.parse(null)).toBeNull();
    expect(ScoreBreakdown.safeParse({ ...breakdown, totalScore: 140 }).success).toBe(false);
  });
});

describe('join body', () => {
  it('trims and upper-cases the invite code', () => {
    expect(JoinLeagueBody.parse({ inviteCode: ' k7pq2mxr ' })).toEqual({ inviteCode: 'K7PQ2MXR' });
  });

  it('refuses a missing or malformed code in Hebrew', () => {
    expect(JoinLeagueBody.safeParse({}).error?.issues[0]?.message).toBe('שדה חובה');
    expect(JoinLeagueBody.safeParse({ inviteCode: 'K7 PQ' }).error?.issues[0]?.message).toBe(
      'קוד הזמנה לא תקין',
    );
  });
});
