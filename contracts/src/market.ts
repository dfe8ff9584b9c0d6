import { z } from 'zod';
import { IMPACT_LEVELS } from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { Count, Day, queryFilter, Timestamp } from './fields';
import { parseEventWith } from './stored-event';

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

// ── events of the market module (one stream per publication day: `rates-<yyyy-MM-dd>`) ─────────────────

export const MARKET_RATES_STREAM_TYPE = 'market-rates';

/** The stream of the rates the market stored on one day (UTC): `rates-2026-03-05`. */
export const marketRatesStreamId = (publishedOn: string) => `rates-${publishedOn}`;

/** One published rate: ILS per 1 unit of a currency on a date, with where it came from. */
export const publishedRate = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  ilsPerUnit: z.string().regex(/^\d+(\.\d+)?$/),
  source: z.string().min(1),
});
export type PublishedRate = z.infer<typeof publishedRate>;

/** The most rates one event carries; a longer batch is published as several events. */
export const MAX_RATES_PER_EVENT = 1000;

export const ratesPublishedV1 = z.object({
  rates: z.array(publishedRate).min(1).max(MAX_RATES_PER_EVENT),
  publishedAt: z.string(),
});

/** Every market event, by versioned type. */
export const marketEventSchemas = {
  'market.rates-published.v1': ratesPublishedV1,
} as const;

export type MarketEventType = keyof typeof marketEventSchemas;
export type MarketEvent = {
  [Type in MarketEventType]: { type: Type; data: z.infer<(typeof marketEventSchemas)[Type]> };
}[MarketEventType];

/** Parses a stored market event; undefined when its type or data is not one of the market's. */
export const parseMarketEvent = (event: { type: string; data: unknown }): MarketEvent | undefined =>
  parseEventWith(marketEventSchemas, event);
