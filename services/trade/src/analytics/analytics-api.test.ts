// API tests of GET /api/dashboard-stats and GET /api/analytics against a journal worked out by hand.

import type { Caller } from '@yoman/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startTradeTestApp, student } from '../test-support/trade-test-app';
import { ANALYTICS_TABLES } from './analytics-projection';

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp();
});
afterAll(() => t.harness.close());

/** A BTCUSDT trade risking 10 USD (entry 100, stop 90), held one hour, closed for `r` R (null: no stop, +5 USD). */
const btc = (r: number | null, exitTime: string, change: Record<string, unknown> = {}) => ({
  symbol: 'BTCUSDT',
  assetType: 'crypto',
  direction: 'long',
  entryPrice: '100',
  exitPrice: String(100 + 10 * (r ?? 0.5)),
  stopPrice: r === null ? null : '90',
  positionSize: '1',
  fees: '0',
  session: 'london',
  setup: 'breakout',
  entryTime: new Date(Date.parse(exitTime) - 3_600_000).toISOString(),
  exitTime,
  ...change,
});

const NY = { session: 'new_york' };
const PULLBACK = { setup: 'pullback' };

/**
 * Alice's journal, exits in UTC (Israel is UTC+2 until 27 March 2026):
 * Feb 20 +1R (asia, news); then in March: Mar 2 +2R, +1R; Mar 3 −1.5R, −1R; Mar 4 0R (break-even);
 * Mar 5 +1.5R and a win without a stop. Cumulative March R: 2, 3, 1.5, 0.5, 0.5, 2, 2.
 */
async function logAlicesJournal() {
  await t.logTrade(ALICE, btc(1, '2026-02-20T10:00:00.000Z', { session: 'asia', setup: 'news' }));
  await t.logTrade(ALICE, btc(2, '2026-03-02T09:00:00.000Z', NY));
  await t.logTrade(ALICE, btc(1, '2026-03-02T11:00:00.000Z', NY));
  await t.logTrade(ALICE, btc(-1.5, '2026-03-03T09:00:00.000Z', NY));
  await t.logTrade(ALICE, btc(-1, '2026-03-03T10:00:00.000Z'));
  await t.logTrade(ALICE, btc(0, '2026-03-04T09:00:00.000Z', PULLBACK));
  await t.logTrade(ALICE, btc(1.5, '2026-03-05T09:00:00.000Z', PULLBACK));
  await t.logTrade(ALICE, btc(null, '2026-03-05T10:00:00.000Z', PULLBACK));
}

const MENTOR: Caller = { userId: 'mentor-1', sessionId: 's-m', role: 'mentor', organisationId: 'org-1' };

describe('GET /api/dashboard-stats', () => {
  beforeAll(async () => {
    await t.harness.reset();
    t.clock.set('2026-03-25T12:00:00.000Z');
    await logAlicesJournal();
  });

  it("covers the current month's figures, all-time streaks, and the insights and tasks, all worked by hand", async () => {
    const response = await t.call('GET', '/api/dashboard-stats', ALICE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      month: '2026-03',
      // 4 wins of 7 trades (the break-even counts in the total).
      winRate: 57.1,
      netR: 2,
      // 2R over the 6 trades with R.
      avgRPerTrade: 0.33,
      // Feb W, then W W L L BE W W: the last run is 2 wins; the longest, Feb 20 to Mar 2, is 3.
      currentStreak: 2,
      maxStreak: 3,
      // Peak 3 after the second trade, trough 0.5 after the fourth.
      monthlyDrawdown: 2.5,
      totalTrades: 7,
      monthlyProgress: 20,
      monthlyGoalR: 10,
      // Over the 90 days: breakout 4 trades 0.5R, pullback 3 trades 1.5R, news 1 trade (too few).
      bestSetup: { setup: 'pullback', name: 'פולבק', isLibrary: false },
      // New York 2, 1, −1.5 (0.5R a trade) against London −1, 0, 1.5 (0.17R).
      strongestSession: 'new_york',
      dominantAsset: 'BTCUSDT',
      fallbacks: [],
      // Over the 30 days: no screenshots; losses of −1.5 and −1 average −1.25R; London below the 0.33R average.
      weeklyTasks: [
        'לצרף צילום מסך לכל עסקה (כרגע 0% מהעסקאות)',
        'לכבד את הסטופ: ההפסד הממוצע הוא -1.25R',
        'לשפר את המסחר בסשן לונדון (R ממוצע 0.17)',
      ],
    });
  });

  it('?month= picks another month; streaks stay all-time; no trades fall back to the spec defaults', async () => {
    const february = (await t.call('GET', '/api/dashboard-stats?month=2026-02', ALICE)).json();
    expect(february).toMatchObject({
      month: '2026-02',
      winRate: 100,
      netR: 1,
      totalTrades: 1,
      monthlyProgress: 10,
      monthlyDrawdown: 0,
      currentStreak: 2,
      maxStreak: 3,
      // Only one trade in the 90 days up to 28 February: every insight is the fallback.
      bestSetup: { setup: 'breakout', name: 'פריצה', isLibrary: false },
      strongestSession: 'london',
      dominantAsset: 'EURUSD',
      fallbacks: ['bestSetup', 'strongestSession', 'dominantAsset'],
      weeklyTasks: ['שיפור דיוק הכניסות', 'התמקדות בסשן לונדון', 'העלאת ה־R הממוצע'],
    });
  });

  it('a student without trades, and a mentor, see zeros and the fallbacks', async () => {
    for (const caller of [BOB, MENTOR]) {
      const body = (await t.call('GET', '/api/dashboard-stats', caller)).json();
      expect(body).toMatchObject({ winRate: 0, netR: 0, avgRPerTrade: 0, totalTrades: 0, currentStreak: 0 });
      expect(body.fallbacks).toHaveLength(3);
    }
  });

  it.each(['2026-13', '2026-3', 'march', '1999-12'])(
    'refuses ?month=%s with 400 naming month',
    async (month) => {
      const response = await t.call('GET', `/api/dashboard-stats?month=${month}`, ALICE);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: ['month'], message: 'תאריך לא תקין' }]);
    },
  );

  it('needs a signed-in caller', async () => {
    expect((await t.call('GET', '/api/dashboard-stats', null)).statusCode).toBe(401);
  });
});

describe('GET /api/analytics', () => {
  beforeAll(async () => {
    await t.harness.reset();
    t.clock.set('2026-03-25T12:00:00.000Z');
    await logAlicesJournal();
    // Bob, in Alice's organisation: a 1R win and a 1R loss.
    await t.logTrade(BOB, btc(1, '2026-03-10T09:00:00.000Z'));
    await t.logTrade(BOB, btc(-1, '2026-03-11T09:00:00.000Z'));
  });

  it('all time: core metrics, the seven R buckets, breakdowns, time and the comparison', async () => {
    const response = await t.call('GET', '/api/analytics', ALICE);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.period).toEqual({ from: null, to: null });
    expect(body.coreMetrics).toEqual({
      winRate: 62.5,
      expectancy: 0.43,
      avgHoldTime: 60,
      totalTrades: 8,
      maxWinStreak: 3,
      maxLossStreak: 2,
      netR: 3,
      rTrades: 7,
    });
    // R of 1, 2, 1, −1.5, −1, 0, 1.5: each bucket holds its lower bound.
    expect(body.rDistribution.map((row: { count: number }) => row.count)).toEqual([0, 1, 1, 1, 3, 1, 0]);
    expect(body.rDistribution[4]).toEqual({ key: '1to2', range: '1R עד 2R', count: 3, percentage: 42.9 });
    expect(body.sessionBreakdown).toEqual([
      { session: 'asia', trades: 1, winRate: 100, avgR: 1 },
      { session: 'london', trades: 4, winRate: 50, avgR: 0.17 },
      { session: 'new_york', trades: 3, winRate: 66.7, avgR: 0.5 },
    ]);
    expect(body.setupBreakdown).toEqual([
      { setup: 'breakout', name: 'פריצה', isLibrary: false, trades: 4, winRate: 50, avgR: 0.13 },
      { setup: 'pullback', name: 'פולבק', isLibrary: false, trades: 3, winRate: 66.7, avgR: 0.75 },
      { setup: 'news', name: 'חדשות', isLibrary: false, trades: 1, winRate: 100, avgR: 1 },
    ]);
    expect(body.assetBreakdown).toEqual([{ asset: 'BTCUSDT', trades: 8, winRate: 62.5, avgR: 0.43 }]);
    // Entry hours in Israel: 10:00 holds 2, −1.5, 0, 1.5; 11:00 holds 1 and −1; 12:00 holds 1.
    expect(body.timeAnalysis).toMatchObject({
      goldTime: '10:00-12:00',
      goldTimeFromData: true,
      bestHours: [{ hour: 10, label: '10:00', trades: 4, avgR: 0.5 }],
      bestDays: [],
    });
    // Monday 2 March, 10:00 and 12:00 in Israel.
    expect(body.timeAnalysis.heatmap).toContainEqual({ weekday: 1, hour: 10, trades: 1, netR: 2, avgR: 2 });
    expect(body.timeAnalysis.heatmap).toContainEqual({ weekday: 1, hour: 12, trades: 1, netR: 1, avgR: 1 });
    expect(body.cumulativeR).toEqual({
      grain: 'month',
      points: [
        { period: '2026-02', netR: 1, cumulativeR: 1, trades: 1 },
        { period: '2026-03', netR: 2, cumulativeR: 3, trades: 7 },
      ],
    });
    expect(body.comparison).toEqual({
      scope: 'organisation',
      me: { winRate: 62.5, avgR: 0.43, netR: 3, trades: 8 },
      peers: { winRate: 50, avgR: 0, netR: 0, trades: 2 },
      peerCount: 1,
    });
    expect(body.weeklyInsights).toEqual(['אין עסקאות ב7 הימים האחרונים']);
    expect(body.monthlyInsights[0]).toBe('7 עסקאות ב30 הימים האחרונים, אחוז הצלחה 57.1%');
  });

  it('from/to: the days asked, inclusive, with the curve by day', async () => {
    const body = (await t.call('GET', '/api/analytics?from=2026-03-02&to=2026-03-03', ALICE)).json();
    expect(body.coreMetrics).toMatchObject({
      totalTrades: 4,
      winRate: 50,
      expectancy: 0.13,
      maxWinStreak: 2,
      maxLossStreak: 2,
    });
    expect(body.cumulativeR).toEqual({
      grain: 'day',
      points: [
        { period: '2026-03-02', netR: 3, cumulativeR: 3, trades: 2 },
        { period: '2026-03-03', netR: -2.5, cumulativeR: 0.5, trades: 2 },
      ],
    });
    expect(body.comparison.peers).toBeNull();
  });

  it('a range across months sums the whole months and the partial ones at its ends', async () => {
    const body = (await t.call('GET', '/api/analytics?from=2026-02-15&to=2026-03-04', ALICE)).json();
    expect(body.coreMetrics).toMatchObject({ totalTrades: 6, netR: 1.5 });
    const open = (await t.call('GET', '/api/analytics?to=2026-03-02', ALICE)).json();
    expect(open.coreMetrics).toMatchObject({ totalTrades: 3, netR: 4 });
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=03-01-2026', 'to'],
    ['from=2026-03-05&to=2026-03-01', 'to'],
    ['from=1999-12-31', 'from'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await t.call('GET', `/api/analytics?${query}`, ALICE);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: [field], message: 'תאריך לא תקין' }]);
  });

  it('a student sees only their own figures; signed out is 401', async () => {
    const bob = (await t.call('GET', '/api/analytics', BOB)).json();
    expect(bob.coreMetrics).toMatchObject({ totalTrades: 2, winRate: 50 });
    expect(bob.comparison.peers).toMatchObject({ trades: 8 });
    expect((await t.call('GET', '/api/analytics', null)).statusCode).toBe(401);
  });
});

describe('answers asked again', () => {
  it('follow a new trade, a renamed setup, a changed goal and a peer’s trade at once', async () => {
    await t.harness.reset();
    t.clock.set('2026-03-25T12:00:00.000Z');
    await logAlicesJournal();
    const dashboard = async () => (await t.call('GET', '/api/dashboard-stats', ALICE)).json();
    expect((await dashboard()).totalTrades).toBe(7);
    expect((await dashboard()).totalTrades).toBe(7);
    await t.logTrade(ALICE, btc(1, '2026-03-25T10:00:00.000Z'));
    expect((await dashboard()).totalTrades).toBe(8);

    const created = await t.call('POST', '/api/setups', ALICE, {
      name: 'ראשון',
      smcContext: 'נזילות',
      description: 'תיאור',
      entryRules: 'כניסה',
      exitRules: 'יציאה',
    });
    await t.logTrade(ALICE, btc(1, '2026-03-25T11:00:00.000Z', { setupId: created.json().id }));
    const setupName = async () =>
      (await t.call('GET', '/api/analytics', ALICE))
        .json()
        .setupBreakdown.find((row: { isLibrary: boolean }) => row.isLibrary).name;
    expect(await setupName()).toBe('ראשון');
    await t.call('PUT', `/api/setups/${created.json().id}`, ALICE, {
      name: 'שני',
      smcContext: 'נזילות',
      description: 'תיאור',
      entryRules: 'כניסה',
      exitRules: 'יציאה',
    });
    expect(await setupName()).toBe('שני');

    await t.changeDisplay('alice', { timezone: 'Asia/Jerusalem', monthlyGoalR: 4 });
    expect((await dashboard()).monthlyGoalR).toBe(4);

    const peers = async () => (await t.call('GET', '/api/analytics', ALICE)).json().comparison.peers;
    expect(await peers()).toBeNull();
    await t.logTrade(BOB, btc(1, '2026-03-25T09:00:00.000Z'));
    expect((await peers()).trades).toBe(1);
  });
});

describe('the user zone', () => {
  beforeAll(async () => {
    await t.harness.reset();
    t.clock.set('2026-03-25T12:00:00.000Z');
  });

  it('reads days at midnight Israel time: 21:59Z on 28 Feb is February, 22:00Z is 1 March', async () => {
    const carol = student('carol');
    await t.logTrade(carol, btc(1, '2026-02-28T21:59:00.000Z'));
    await t.logTrade(carol, btc(-1, '2026-02-28T22:00:00.000Z'));
    const feb = (await t.call('GET', '/api/dashboard-stats?month=2026-02', carol)).json();
    const mar = (await t.call('GET', '/api/dashboard-stats?month=2026-03', carol)).json();
    expect([feb.totalTrades, feb.netR, mar.totalTrades, mar.netR]).toEqual([1, 1, 1, -1]);
    const lastDay = (await t.call('GET', '/api/analytics?from=2026-03-01&to=2026-03-01', carol)).json();
    expect(lastDay.coreMetrics.totalTrades).toBe(1);
    // Entered an hour before exit: 23:00 on Saturday 28 February in Israel.
    expect(lastDay.timeAnalysis.heatmap).toEqual([{ weekday: 6, hour: 23, trades: 1, netR: -1, avgR: -1 }]);
  });

  it("reads them in the user's own zone: in London both exits are on 28 February", async () => {
    const dave = student('dave');
    await t.harness.platform.db('trade_caller_zones').insert({ user_id: 'dave', timezone: 'Europe/London' });
    await t.logTrade(dave, btc(1, '2026-02-28T21:59:00.000Z'));
    await t.logTrade(dave, btc(-1, '2026-02-28T22:00:00.000Z'));
    const feb = (await t.call('GET', '/api/dashboard-stats?month=2026-02', dave)).json();
    expect(feb.totalTrades).toBe(2);
  });
});

describe('rebuild', () => {
  it('gives the same rows as the live projection, after edits and deletes', async () => {
    await t.harness.reset();
    t.clock.set('2026-03-25T12:00:00.000Z');
    await logAlicesJournal();
    // Two trades still inside their lock window: one edited to another day and result, one deleted.
    const edited = await t.logTrade(ALICE, btc(1, '2026-03-25T10:00:00.000Z'));
    const deleted = await t.logTrade(ALICE, btc(2, '2026-03-25T11:00:00.000Z'));
    const edit = await t.call('PUT', `/api/trades/${edited.id}`, ALICE, btc(-2, '2026-03-24T20:00:00.000Z'));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.call('DELETE', `/api/trades/${deleted.id}`, ALICE)).statusCode).toBe(200);
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of ANALYTICS_TABLES) {
        const stored = await t.harness.platform.db(table).select('*');
        rows[table] = stored.map((row) => JSON.stringify(row)).sort();
      }
      return rows;
    };
    const live = await snapshot();
    expect(live.trade_analytics_trades).toHaveLength(9);
    await t.harness.platform.projections.rebuild();
    expect(await snapshot()).toEqual(live);
  });
});
