import { z } from 'zod';
import { IMPACT_LEVELS } from './constants';
import { VALIDATION_MESSAGES as M } from './errors';
import { Count, Day, queryFilter, Timestamp } from './fields';

export const ImpactLevel = z.enum(IMPACT_LEVELS, { error: M.invalidChoice });
export type ImpactLevel = z.infer<typeof ImpactLevel>;

/** An ISO 4217 code, upper-cased: 'usd' → 'USD'. */
export const CurrencyCode = z
  .string({ error: M.invalidChoice })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, M.invalidChoice);

/** Query of GET /api/economic-calendar; a missing date means today, 'all' means no filter. */
export const EconomicEventsQuery = z.object({
  date: Day.optional(),
  currency: queryFilter(CurrencyCode),
  impact: queryFilter(ImpactLevel),
});
export type EconomicEventsQuery = z.infer<typeof EconomicEventsQuery>;

/** One economic event; time is UTC and shown in Asia/Jerusalem. */
export const EconomicEvent = z.object({
  id: z.string(),
  time: Timestamp,
  currency: z.string(),
  impact: ImpactLevel,
  event: z.string(),
  description: z.string(),
  /** Null when unknown; the screen shows a dash. */
  previous: z.string().nullable(),
  forecast: z.string().nullable(),
  actual: z.string().nullable(),
  /** The caller's trades open within 30 minutes of the event on an instrument of its currency. */
  affectedTrades: Count,
});
export type EconomicEvent = z.infer<typeof EconomicEvent>;

export const EconomicEventList = z.array(EconomicEvent);
export type EconomicEventList = z.infer<typeof EconomicEventList>;
