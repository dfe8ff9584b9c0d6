import type { Caller, Platform } from '@yoman/platform';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { DEFAULT_LOCK_POLICY, type LockPolicy } from './trades/lock-window';

/** What the trade module needs to know about the caller beyond the session: zone and locking policy. */
export interface TradeContext {
  /** The user's display time zone (settings.display.timezone); days and periods are read in it. */
  timezone: string;
  /** The organisation's locking policy; the defaults for a student without a mentor. */
  lockPolicy: LockPolicy;
}

/** Reads a caller's trade context; the identity module supplies it (settings and organisation policy). */
export type TradeContextOf = (caller: Caller, platform: Platform) => Promise<TradeContext>;

/** The defaults of rules §2 and spec §9, for an installation without identity settings. */
export const defaultTradeContext: TradeContextOf = async () => ({
  timezone: DEFAULT_LOCK_POLICY.timezone,
  lockPolicy: DEFAULT_LOCK_POLICY,
});

const zoneSchema = z.string().refine((zone) => IANAZone.isValidZone(zone));

const contextSchema = z.object({
  timezone: zoneSchema,
  lockPolicy: z.object({
    tradeLockHours: z.number().min(0),
    weekendLocking: z.boolean(),
    timezone: zoneSchema,
  }),
});

/**
 * In the trade service: the context the gateway computed from identity and signed into the caller header;
 * a caller without a readable one (an older gateway, a test) gets the defaults.
 */
export const tradeContextFromCaller: TradeContextOf = async (caller, platform) => {
  const parsed = contextSchema.safeParse(caller.context);
  return parsed.success ? parsed.data : defaultTradeContext(caller, platform);
};
