import { z } from 'zod';
import {
  BADGE_RARITIES,
  DEFAULT_LEADERBOARD_PERIOD,
  LEADERBOARD_PERIODS,
  LEAGUE_STATUSES,
} from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { Count, EntityId, requiredOr, Timestamp } from './fields';

export const LeaderboardPeriod = z.enum(LEADERBOARD_PERIODS, { error: M.invalidChoice });
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriod>;
export const LeagueStatus = z.enum(LEAGUE_STATUSES);
export type LeagueStatus = z.infer<typeof LeagueStatus>;

/** Score weights in percent; they add up to 100. */
export const LeagueRules = z.object({
  winRateWeight: z.number().min(0).max(100),
  rWeight: z.number().min(0).max(100),
  trustWeight: z.number().min(0).max(100),
  goalsWeight: z.number().min(0).max(100),
});
export type LeagueRules = z.infer<typeof LeagueRules>;

/** A league as its member sees it (spec §3 "League"). */
export const League = z.object({
  id: EntityId,
  name: z.string(),
  description: z.string(),
  status: LeagueStatus,
  season: z.string(),
  participants: Count,
  maxParticipants: Count,
  /** Null while the member is below minTrades or trustThreshold. */
  myRank: z.number().int().min(1).nullable(),
  myScore: z.number().min(0).max(100).nullable(),
  /** Minimum average trust, percent. */
  trustThreshold: z.number().min(0).max(100),
  minTrades: Count,
  /** Hours after exit within which trades must be logged (the lock window). */
  submissionWindow: Count,
  rules: LeagueRules,
  prizes: z.array(z.string()),
  inviteCode: z.string(),
});
export type League = z.infer<typeof League>;

/** GET /api/leagues/my: the caller's league, or null when they have none. */
export const MyLeague = League.nullable();
export type MyLeague = z.infer<typeof MyLeague>;

/** Query of GET /api/leagues/leaderboard; month when absent. */
export const LeaderboardQuery = z.object({ period: LeaderboardPeriod.default(DEFAULT_LEADERBOARD_PERIOD) });
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardRow = z.object({
  /** Null for a member listed without a rank (below minTrades or trustThreshold). */
  rank: z.number().int().min(1).nullable(),
  displayName: z.string(),
  username: z.string(),
  score: z.number().min(0).max(100),
  winRate: z.number().min(0).max(100),
  netR: z.number(),
  trades: Count,
  isMe: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z.array(LeaderboardRow);
export type Leaderboard = z.infer<typeof Leaderboard>;

export const Badge = z.object({
  id: z.string(),
  icon: z.string(),
  name: z.string(),
  description: z.string(),
  rarity: z.enum(BADGE_RARITIES),
  earnedAt: Timestamp,
});
export type Badge = z.infer<typeof Badge>;

/** GET /api/leagues/badges: the caller's earned badges (hall of fame). */
export const BadgeList = z.array(Badge);
export type BadgeList = z.infer<typeof BadgeList>;

const ScoreComponent = z.object({
  label: z.string(),
  /** 0–100 before weighting. */
  score: z.number().min(0).max(100),
  /** Percent. */
  weight: z.number().min(0).max(100),
});

/** GET /api/leagues/score-breakdown: the caller's score this period, or null with no score data. */
export const ScoreBreakdown = z
  .object({
    components: z.record(z.string(), ScoreComponent),
    totalScore: z.number().min(0).max(100),
    calculation: z.array(z.object({ description: z.string(), value: z.number() })),
  })
  .nullable();
export type ScoreBreakdown = z.infer<typeof ScoreBreakdown>;

/** Body of POST /api/leagues/join; the code is trimmed and upper-cased. */
export const JoinLeagueBody = z.object({
  inviteCode: z
    .string({ error: requiredOr(M.invalidInviteCode) })
    .trim()
    .toUpperCase()
    .min(1, M.required)
    .max(32, M.invalidInviteCode)
    .regex(/^[A-Z0-9]*$/, M.invalidInviteCode),
});
export type JoinLeagueBody = z.infer<typeof JoinLeagueBody>;
