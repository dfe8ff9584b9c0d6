import { type Caller, type Platform, prepared } from '@yoman/platform';
import { LATEST_USD_ILS_RATE_SQL, type RateAnswer, tradeRatesFor, usdIlsRateOf } from '../rates/trade-rates';
import { tradeConfig } from '../trade-config';
import {
  lockPolicyOf,
  type TradeContext,
  type TradeContextOf,
  tradeContextOfCaller,
  zoneAndGoalOf,
} from '../trade-context';
import type { UsdIlsRates } from '../trade-module-deps';

/** What every save reads before its figures: the caller's context and the USD/ILS rate of its exit day. */
export interface SaveInputs {
  context: TradeContext;
  rate: RateAnswer;
}

/** Reads a save's inputs for `day` (yyyy-MM-dd, the exit's rate day). */
export type SaveInputsOf = (caller: Caller, platform: Platform, day: string) => Promise<SaveInputs>;

/** The inputs from the two lookups apart, as given (the defaults keep theirs in the read cache, if any). */
export function saveInputsFrom(
  rates: (platform: Platform) => UsdIlsRates,
  contextOf: TradeContextOf,
): SaveInputsOf {
  return async (caller, platform, day) => {
    const [context, rate] = await Promise.all([
      contextOf(caller, platform),
      rates(platform).usdIlsRateOn(day),
    ]);
    return { context, rate };
  };
}

interface SaveInputsRow {
  timezone: string | null;
  monthly_goal_r: string | number | null;
  trade_lock_hours: number | null;
  weekend_locking: boolean | null;
  rate_date: string | null;
  rate: string | null;
  rate_source: string | null;
}

/**
 * The caller's zone and goal, their organisation's lock policy and the latest USD/ILS rate on or before `day`,
 * in one statement: one round trip before each save instead of three (BENCHMARKS.md, 2026-11-29). What the
 * read models have not heard of takes the same defaults as the lookups apart: rules §2's policy, the display
 * defaults, `USD_ILS_RATE`.
 */
export async function readSaveInputs(caller: Caller, platform: Platform, day: string): Promise<SaveInputs> {
  const { db } = platform;
  const { rows } = await prepared(
    db.raw<{ rows: SaveInputsRow[] }>(
      `select zone.timezone, zone.monthly_goal_r, policy.trade_lock_hours, policy.weekend_locking,
              usd.date as rate_date, usd.rate, usd.source as rate_source
         from (select 1) as one
         left join trade_caller_zones as zone on zone.user_id = ?
         left join trade_lock_policies as policy on policy.organisation_id = ?
         left join lateral (${LATEST_USD_ILS_RATE_SQL}) as usd on true`,
      [caller.userId, caller.organisationId ?? null, day],
    ),
  );
  const row = rows[0];
  return {
    context: {
      ...zoneAndGoalOf(row.timezone === null ? undefined : row),
      lockPolicy: lockPolicyOf(row.trade_lock_hours === null ? undefined : row),
    },
    rate: usdIlsRateOf(
      row.rate === null
        ? undefined
        : { rate: row.rate, date: row.rate_date, source: String(row.rate_source) },
      platform.settingsOf(tradeConfig).USD_ILS_RATE,
    ),
  };
}

const keptLookups = saveInputsFrom(tradeRatesFor, tradeContextOfCaller);

/** By default: the read cache's copies where the platform keeps one (embedded), else the one statement. */
export const tradeSaveInputsOf: SaveInputsOf = (caller, platform, day) =>
  platform.readCache ? keptLookups(caller, platform, day) : readSaveInputs(caller, platform, day);
