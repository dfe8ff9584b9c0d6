import { z } from 'zod';
import { ASSET_TYPES, DIRECTIONS, SETUP_TYPES, TRADE_SESSIONS } from './constants';
import { isInstantInRange } from './fields';
import { parseEventWith } from './stored-event';

// The trade stream's events (domain rules §1, §2). Decimals are strings, times ISO-8601 UTC.

const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
// An instant a projection can store and read back on every calendar: the contracts' range.
const Instant = z.iso.datetime({ offset: true }).refine(isInstantInRange);
/**
 * The SHA-256 of a screenshot's bytes (64 lowercase hex digits), computed by the server when its upload slot was
 * filled. Optional: events written before the hash was recorded have none, and readers take that as null.
 */
const ScreenshotSha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .nullable()
  .optional();

/** Stream type of a trade's events; the stream id is `trade-<tradeId>`. */
export const TRADE_STREAM_TYPE = 'trade';

/** The figures a trade is logged or edited with, after the server's own calculation. */
export const TradeFiguresData = z.object({
  symbol: z.string().min(1),
  assetType: z.enum(ASSET_TYPES),
  direction: z.enum(DIRECTIONS),
  entryPrice: Decimal,
  exitPrice: Decimal,
  stopPrice: Decimal.nullable(),
  targetPrice: Decimal.nullable(),
  positionSize: Decimal,
  fees: Decimal,
  pointValue: Decimal.nullable(),
  session: z.enum(TRADE_SESSIONS),
  setup: z.enum(SETUP_TYPES),
  /** The student's library setup the trade names (events before setups carry none). */
  setupId: z.uuid().nullable().default(null),
  entryTime: Instant,
  exitTime: Instant,
  notes: z.string().nullable(),
  pnlUsd: Decimal,
  pnlIls: Decimal,
  rMultiple: Decimal.nullable(),
  usdToIlsRate: Decimal,
  /** Publication date of the USD/ILS rate used; null for the configured fallback rate. */
  rateDate: z.string().nullable(),
  rateSource: z.string(),
  /** The owner's display time zone when written: the trade's calendar day is its exit day there. */
  timezone: z.string().min(1),
});
export type TradeFiguresData = z.infer<typeof TradeFiguresData>;

/** trade.logged.v1: a student logged a trade. */
export const TradeLoggedData = TradeFiguresData.extend({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  organisationId: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  screenshotSha256: ScreenshotSha256,
  loggedAt: Instant,
  /** When the lock window ends (rules §2), fixed at logging. */
  lockAt: Instant,
  trustScore: z.number().int().min(0).max(100),
});
export type TradeLoggedData = z.infer<typeof TradeLoggedData>;

/** Fields whose change after creation costs trust (rules §2). */
export const MATERIAL_TRADE_FIELDS = [
  'entryPrice',
  'exitPrice',
  'stopPrice',
  'positionSize',
  'direction',
  'entryTime',
  'exitTime',
] as const;

/** trade.edited.v1: the trade's figures as they are after the edit, and which fields changed. */
export const TradeEditedData = TradeFiguresData.extend({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  changedFields: z.array(z.string()),
  /** True when a field of MATERIAL_TRADE_FIELDS changed. */
  material: z.boolean(),
  editedAt: Instant,
});
export type TradeEditedData = z.infer<typeof TradeEditedData>;

/** trade.deleted.v1 */
export const TradeDeletedData = z.object({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  deletedAt: Instant,
});
export type TradeDeletedData = z.infer<typeof TradeDeletedData>;

/** trade.screenshot-attached.v1 */
export const TradeScreenshotAttachedData = z.object({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  screenshotUrl: z.string().min(1),
  screenshotSha256: ScreenshotSha256,
  attachedAt: Instant,
});
export type TradeScreenshotAttachedData = z.infer<typeof TradeScreenshotAttachedData>;

/** trade.locked.v1: the lock window ended (written by the lock job, or at once for a late log). */
export const TradeLockedData = z.object({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  lockAt: Instant,
  lockedAt: Instant,
});
export type TradeLockedData = z.infer<typeof TradeLockedData>;

/** Why a trade's trust score moved (rules §2). */
export const TRUST_CHANGE_REASONS = [
  'late_logging',
  'logged_after_lock',
  'no_screenshot_at_lock',
  'material_edit',
] as const;
export type TrustChangeReason = (typeof TRUST_CHANGE_REASONS)[number];

/** trade.trust-changed.v1: one move of the trust score, with its reason and the score after it. */
export const TradeTrustChangedData = z.object({
  tradeId: z.uuid(),
  userId: z.string().min(1),
  reason: z.enum(TRUST_CHANGE_REASONS),
  change: z.number().int(),
  trustScore: z.number().int().min(0).max(100),
  changedAt: Instant,
});
export type TradeTrustChangedData = z.infer<typeof TradeTrustChangedData>;

/** Every trade event type with the schema of its data. */
export const TRADE_EVENT_SCHEMAS = {
  'trade.logged.v1': TradeLoggedData,
  'trade.edited.v1': TradeEditedData,
  'trade.deleted.v1': TradeDeletedData,
  'trade.screenshot-attached.v1': TradeScreenshotAttachedData,
  'trade.locked.v1': TradeLockedData,
  'trade.trust-changed.v1': TradeTrustChangedData,
} as const;

export type TradeEventType = keyof typeof TRADE_EVENT_SCHEMAS;
export const TRADE_EVENT_TYPES = Object.keys(TRADE_EVENT_SCHEMAS) as TradeEventType[];

/** A trade event as the decider writes it and readers parse it. */
export type TradeEvent = {
  [Type in TradeEventType]: { type: Type; data: z.infer<(typeof TRADE_EVENT_SCHEMAS)[Type]> };
}[TradeEventType];

/** Parses a stored event of the trade stream; undefined when its type or data is not a trade event. */
export const parseTradeEvent = (event: { type: string; data: unknown }): TradeEvent | undefined =>
  parseEventWith(TRADE_EVENT_SCHEMAS, event);
