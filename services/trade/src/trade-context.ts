import { DEFAULT_MONTHLY_GOAL_R } from '@yoman/contracts';
import type { Caller, Platform } from '@yoman/platform';
import { callerZoneScope, lockPolicyScope } from './callers/caller-profiles-projection';
import { DEFAULT_LOCK_POLICY, type LockPolicy } from './trades/lock-window';

/** What the trade module needs to know about the caller beyond the session: zone and locking policy. */
export interface TradeContext {
  /** The user's display time zone (settings.display.timezone); days and periods are read in it. */
  timezone: string;
  /** The organisation's locking policy; the defaults for a student without a mentor. */
  lockPolicy: LockPolicy;
  /** The monthly goal in R (display settings; rules §3), DEFAULT_MONTHLY_GOAL_R until identity says otherwise. */
  monthlyGoalR: number;
}

/** Reads a caller's trade context. */
export type TradeContextOf = (caller: Caller, platform: Platform) => Promise<TradeContext>;

/** The defaults of rules §2 and spec §9: a user identity has said nothing about yet. */
export const defaultTradeContext: TradeContextOf = async () => ({
  timezone: DEFAULT_LOCK_POLICY.timezone,
  lockPolicy: DEFAULT_LOCK_POLICY,
  monthlyGoalR: DEFAULT_MONTHLY_GOAL_R,
});

/** A user's zone and monthly goal from their `trade_caller_zones` row; the defaults for a user not heard of. */
export function zoneAndGoalOf(row: { timezone?: unknown; monthly_goal_r?: unknown } | undefined) {
  return {
    timezone: typeof row?.timezone === 'string' ? row.timezone : DEFAULT_LOCK_POLICY.timezone,
    monthlyGoalR: row?.monthly_goal_r == null ? DEFAULT_MONTHLY_GOAL_R : Number(row.monthly_goal_r),
  };
}

/** A user's zone and monthly goal, read from the trade module's own read model of identity. */
export async function callerZoneOf(platform: Platform, userId: string) {
  return zoneAndGoalOf(
    await platform.db('trade_caller_zones').where({ user_id: userId }).first('timezone', 'monthly_goal_r'),
  );
}

/**
 * The caller's zone and their organisation's lock policy from the trade module's own read model of identity
 * (`trade_caller_zones`, `trade_lock_policies`, fed by identity's events); the defaults for what it has not
 * heard of. The organisation is the session's, as the gateway vouches for it.
 */
export const tradeContextOfCaller: TradeContextOf = (caller, platform) => {
  if (!platform.readCache) return readTradeContext(caller, platform);
  // Kept until the projection writes the user's zone or the organisation's policy: every save reads it.
  const scopes = [callerZoneScope(caller.userId)];
  if (caller.organisationId) scopes.push(lockPolicyScope(caller.organisationId));
  return platform.readCache.read(scopes, `trade-context ${caller.organisationId ?? ''}`, () =>
    readTradeContext(caller, platform),
  );
};

/** An organisation's lock policy from its `trade_lock_policies` row; rules §2's defaults if none. */
export function lockPolicyOf(
  row: { trade_lock_hours: unknown; weekend_locking: unknown } | undefined,
): LockPolicy {
  if (!row) return DEFAULT_LOCK_POLICY;
  return {
    tradeLockHours: Number(row.trade_lock_hours),
    weekendLocking: Boolean(row.weekend_locking),
    // Weekends are read in the organisation's zone; organisations have no zone of their own yet.
    timezone: DEFAULT_LOCK_POLICY.timezone,
  };
}

/** The caller's trade context, read from the database every time (see also trades/save-inputs.ts). */
export async function readTradeContext(caller: Caller, platform: Platform): Promise<TradeContext> {
  const [zone, policy] = await Promise.all([
    callerZoneOf(platform, caller.userId),
    caller.organisationId
      ? platform
          .db('trade_lock_policies')
          .where({ organisation_id: caller.organisationId })
          .first('trade_lock_hours', 'weekend_locking')
      : undefined,
  ]);
  return { ...zone, lockPolicy: lockPolicyOf(policy) };
}
