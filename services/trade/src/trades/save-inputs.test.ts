import { DEFAULT_MONTHLY_GOAL_R } from '@yoman/contracts';
import type { Caller, RunningPlatform } from '@yoman/platform';
import { createTestPlatform, resetDatabase } from '@yoman/platform/testing';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTradeRates } from '../rates/trade-rates';
import { readTradeContext } from '../trade-context';
import { createTradeModule } from '../trade-module';
import { DEFAULT_LOCK_POLICY } from './lock-window';
import { readSaveInputs, saveInputsFrom, tradeSaveInputsOf } from './save-inputs';

// Every save reads the caller's zone and goal, the organisation's lock policy and the exit day's USD/ILS
// rate. In distributed mode that is one statement (readSaveInputs); it must answer exactly what the lookups
// apart answer (readTradeContext and the module's rates), defaults and fallback included. These run on PGlite
// under `npm test` and on PostgreSQL under `npm run test:infra`.

const FALLBACK = '3.65';
let running: RunningPlatform;
beforeAll(async () => {
  running = await createTestPlatform([createTradeModule()], {
    config: { environment: { USD_ILS_RATE: FALLBACK } },
  });
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const caller = (userId: string, organisationId: string | null): Caller => ({
  userId,
  sessionId: `session-${userId}`,
  role: 'student',
  organisationId,
});
const db = (): Knex => running.platform.db;
const usdRate = (date: string, ilsPerUnit: string) => ({
  date,
  currency: 'USD',
  ils_per_unit: ilsPerUnit,
  source: 'boi',
  published_at: new Date(`${date}T16:00:00Z`),
});

/** The same inputs read apart, from the database every time, as a platform without a read cache does. */
async function lookupsApart(who: Caller, day: string) {
  const rates = createTradeRates({ db: db(), fallbackRate: FALLBACK });
  return saveInputsFrom(() => rates, readTradeContext)(who, running.platform, day);
}

describe('the inputs every save reads, in one statement', () => {
  it('given a zone with a goal, a lock policy and rates before and after the day, then each as stored and the latest rate on or before the day', async () => {
    await db()('trade_caller_zones').insert({
      user_id: 'u1',
      timezone: 'Europe/London',
      monthly_goal_r: 12.5,
    });
    await db()('trade_lock_policies').insert({
      organisation_id: 'org-1',
      trade_lock_hours: 48,
      weekend_locking: true,
    });
    await db()('trade_fx_rates').insert([
      usdRate('2026-03-04', '3.5'),
      usdRate('2026-03-05', '3.6100'),
      usdRate('2026-03-09', '3.7'),
    ]);

    const inputs = await readSaveInputs(caller('u1', 'org-1'), running.platform, '2026-03-08');

    expect(inputs).toEqual({
      context: {
        timezone: 'Europe/London',
        monthlyGoalR: 12.5,
        lockPolicy: { tradeLockHours: 48, weekendLocking: true, timezone: 'Asia/Jerusalem' },
      },
      rate: { rate: '3.61', date: '2026-03-05', source: 'boi' },
    });
    expect(inputs).toEqual(await lookupsApart(caller('u1', 'org-1'), '2026-03-08'));
  });

  it('given a user, an organisation and a day nothing was heard of, then the defaults and the configured fallback with no date', async () => {
    await db()('trade_fx_rates').insert(usdRate('2026-03-09', '3.7'));

    const inputs = await readSaveInputs(caller('nobody', 'org-unknown'), running.platform, '2026-03-08');

    expect(inputs).toEqual({
      context: {
        timezone: 'Asia/Jerusalem',
        monthlyGoalR: DEFAULT_MONTHLY_GOAL_R,
        lockPolicy: DEFAULT_LOCK_POLICY,
      },
      rate: { rate: FALLBACK, date: null, source: 'fallback' },
    });
  });

  it('given a student without an organisation, then rules §2’s policy, whatever policies organisations have', async () => {
    await db()('trade_caller_zones').insert({ user_id: 'u1', timezone: 'Asia/Tokyo', monthly_goal_r: null });
    await db()('trade_lock_policies').insert({
      organisation_id: 'org-1',
      trade_lock_hours: 72,
      weekend_locking: true,
    });

    const { context } = await readSaveInputs(caller('u1', null), running.platform, '2026-03-08');

    expect(context).toEqual({
      timezone: 'Asia/Tokyo',
      monthlyGoalR: DEFAULT_MONTHLY_GOAL_R,
      lockPolicy: DEFAULT_LOCK_POLICY,
    });
  });

  it('given a platform without a read cache (distributed), then a save’s inputs take one statement', async () => {
    const statements: string[] = [];
    const listener = (query: { sql: string }) => statements.push(query.sql);
    const uncached = { ...running.platform, readCache: undefined };
    db().on('query', listener);
    try {
      await tradeSaveInputsOf(caller('u1', 'org-1'), uncached, '2026-03-08');
    } finally {
      db().removeListener('query', listener);
    }
    // Only the statements of these reads: on PostgreSQL the platform's own work runs beside them.
    const lookups = statements.filter((sql) =>
      /trade_caller_zones|trade_lock_policies|trade_fx_rates/.test(sql),
    );
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatch(/trade_caller_zones[\s\S]*trade_lock_policies[\s\S]*trade_fx_rates/);
  });

  it('given any zones, policies, rates and day, then the one statement answers what the lookups apart answer (property)', async () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    const state = fc.record({
      zone: fc.option(
        fc.record({
          timezone: fc.constantFrom('Asia/Jerusalem', 'America/New_York'),
          goal: fc.option(fc.integer({ min: 1, max: 200 })),
        }),
      ),
      policy: fc.option(fc.record({ hours: fc.integer({ min: 1, max: 168 }), weekends: fc.boolean() })),
      organisation: fc.constantFrom('org-1', 'org-2', null),
      rates: fc.uniqueArray(fc.tuple(day, fc.integer({ min: 30_000, max: 40_000 })), {
        selector: ([d]) => d,
        maxLength: 5,
      }),
      day,
    });
    await fc.assert(
      fc.asyncProperty(state, async ({ zone, policy, organisation, rates, day: asked }) => {
        await resetDatabase(running.platform);
        if (zone)
          await db()('trade_caller_zones').insert({
            user_id: 'u1',
            timezone: zone.timezone,
            monthly_goal_r: zone.goal,
          });
        if (policy)
          await db()('trade_lock_policies').insert({
            organisation_id: 'org-1',
            trade_lock_hours: policy.hours,
            weekend_locking: policy.weekends,
          });
        if (rates.length > 0)
          await db()('trade_fx_rates').insert(
            rates.map(([d, tenThousandths]) => usdRate(d, String(tenThousandths / 10_000))),
          );
        const who = caller('u1', organisation);
        expect(await readSaveInputs(who, running.platform, asked)).toEqual(await lookupsApart(who, asked));
      }),
      { numRuns: 40 },
    );
  });
});
