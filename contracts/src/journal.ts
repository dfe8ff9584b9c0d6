import { z } from 'zod';
import { R_RANGE_KEYS, TRADE_DATE_RANGES } from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { NEXT_CURSOR_HEADER } from './constants/paging';
import {
  AssetType,
  Day,
  DecimalString,
  Direction,
  EntityId,
  FeesInput,
  OptionalPositiveDecimalInput,
  OptionalPriceInput,
  PositiveDecimalInput,
  PriceInput,
  queryFilter,
  SafeText,
  SetupType,
  Timestamp,
  TradeResult,
  TradeSession,
  TradeSymbol,
  TrustLevel,
} from './fields';
import { PAGE_MESSAGES, TradesPageQuery } from './trade-pages';

/** Forex and futures need the symbol to find the pip or point value. */
const SYMBOL_NEEDED_FOR: readonly string[] = ['forex', 'futures'];

/** Body of POST /api/calculate-trade: spec §7's fields plus symbol, pointValue and exitTime. */
export const CalculateTradeBody = z
  .object({
    assetType: AssetType,
    direction: Direction,
    entryPrice: PriceInput,
    exitPrice: PriceInput,
    stopPrice: OptionalPriceInput,
    positionSize: PositiveDecimalInput,
    fees: FeesInput,
    symbol: TradeSymbol.optional(),
    /** USD per point for a futures root the engine does not know. */
    pointValue: OptionalPositiveDecimalInput,
    /** Chooses the USD/ILS rate's date; today when absent. */
    exitTime: Timestamp.optional(),
  })
  .superRefine((body, ctx) => {
    if (SYMBOL_NEEDED_FOR.includes(body.assetType) && !body.symbol) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: M.required });
    }
  });
export type CalculateTradeBody = z.infer<typeof CalculateTradeBody>;
export type CalculateTradeInput = z.input<typeof CalculateTradeBody>;

/** Answer of POST /api/calculate-trade; money to 2 decimals, R to 4, as decimal strings. */
export const TradeCalculation = z.object({
  pnlUsd: DecimalString,
  pnlIls: DecimalString,
  /** Null without a stop, or with a stop equal to entry. */
  rMultiple: DecimalString.nullable(),
  usdToIlsRate: DecimalString,
  /** Date of the USD/ILS rate used (latest published on or before the exit date); null for the fallback rate. */
  rateDate: Day.nullable(),
  /** Where the rate came from, e.g. 'boi' or 'fallback'. */
  rateSource: z.string().optional(),
  /** Forex crosses only: USD per 1 unit of the quote currency used (EURGBP: USD per GBP). */
  quoteRate: DecimalString.optional(),
  /** Publication date of `quoteRate`; null for the configured fallback (`FX_FALLBACK_RATES`). */
  quoteRateDate: Day.nullable().optional(),
  /** Where `quoteRate` came from, e.g. 'boi' or 'fallback'. */
  quoteRateSource: z.string().optional(),
});
export type TradeCalculation = z.infer<typeof TradeCalculation>;

/** Said in the API document of every field the client may send that the server works out for itself. */
export const SERVER_COMPUTED_NOTE = 'Computed by the server; accepted for compatibility and ignored.';

/** A field the spec's client sends that the server computes or owns: accepted, ignored, and marked so. */
const serverComputed = <Schema extends z.ZodType>(schema: Schema, what: string) =>
  schema.meta({ readOnly: true, description: `${what}. ${SERVER_COMPUTED_NOTE}` });

/** A figure the client computed and sends along; accepted and ignored, the server computes its own. */
const ClientFigure = z.union([z.number(), z.string(), z.null()]).optional();

/** The trade's own fields as the add-trade dialog sends them (spec §3, "Trade, as sent on save"). */
export const TradeFields = z.object({
  symbol: TradeSymbol,
  assetType: AssetType,
  direction: Direction,
  entryPrice: PriceInput,
  exitPrice: PriceInput,
  stopPrice: OptionalPriceInput,
  targetPrice: OptionalPositiveDecimalInput,
  positionSize: PositiveDecimalInput,
  fees: FeesInput,
  pointValue: OptionalPositiveDecimalInput,
  session: TradeSession,
  setup: SetupType,
  /** One of the student's active library setups, besides the built-in setup; null or absent for none. */
  setupId: EntityId.nullable()
    .optional()
    .transform((id) => id ?? null),
  entryTime: Timestamp,
  exitTime: Timestamp,
  notes: SafeText.trim()
    .max(5000, M.tooLong)
    .nullable()
    .optional()
    .transform((notes) => notes || null),
  hasScreenshot: serverComputed(
    z.boolean().default(false),
    'Whether a screenshot is attached, from screenshotUrl',
  ),
  screenshotUrl: SafeText.max(500, M.tooLong).nullable().default(null),
  pnlUsd: serverComputed(ClientFigure, 'Profit or loss in USD'),
  pnlIls: serverComputed(ClientFigure, 'Profit or loss in ILS'),
  rMultiple: serverComputed(ClientFigure, 'The R multiple'),
  trustScore: serverComputed(ClientFigure, 'The trust score'),
  metadata: serverComputed(z.record(z.string(), z.unknown()).nullable().optional(), 'Server-side metadata'),
  userId: serverComputed(z.string().optional(), 'The owner, from the session'),
});

/**
 * Body of POST /api/trades (and PUT /api/trades/{id}): the trade, with exit not before entry. The client's
 * figures and server-owned fields are accepted and dropped, so the server can only use its own calculation.
 */
export const TradeSaveBody = TradeFields.superRefine((trade, ctx) => {
  if (Date.parse(trade.exitTime) < Date.parse(trade.entryTime)) {
    ctx.addIssue({ code: 'custom', path: ['exitTime'], message: M.exitBeforeEntry });
  }
}).transform(({ pnlUsd, pnlIls, rMultiple, trustScore, metadata, userId, ...trade }) => trade);
export type TradeSaveBody = z.infer<typeof TradeSaveBody>;
export type TradeSaveInput = z.input<typeof TradeSaveBody>;

/** A trade as read back (spec §3 plus the fields the dialog and the list need). */
export const Trade = z.object({
  id: EntityId,
  symbol: z.string(),
  assetType: AssetType,
  direction: Direction,
  session: TradeSession,
  setup: SetupType,
  /** The library setup the trade names, if any. */
  setupId: EntityId.nullable(),
  entryPrice: DecimalString,
  exitPrice: DecimalString,
  stopPrice: DecimalString.nullable(),
  targetPrice: DecimalString.nullable(),
  positionSize: DecimalString,
  fees: DecimalString,
  pnlUsd: DecimalString,
  pnlIls: DecimalString,
  rMultiple: DecimalString.nullable(),
  entryTime: Timestamp,
  exitTime: Timestamp,
  notes: z.string().nullable(),
  hasScreenshot: z.boolean(),
  screenshotUrl: z.string().nullable(),
  screenshotSha256: z
    .string()
    .nullable()
    .default(null)
    .describe(
      'Computed by the server: the SHA-256 (hex) of the screenshot as uploaded, recorded in the trade event; null without one',
    ),
  isLocked: z.boolean(),
  /** When the lock window ends (exit time plus the organisation's tradeLockHours). */
  lockAt: Timestamp,
  trustScore: z.number().int().min(0).max(100),
});
export type Trade = z.infer<typeof Trade>;

export const TradeList = z.array(Trade);
export type TradeList = z.infer<typeof TradeList>;

/** GET /api/trades's answer: the list, or with `limit` one page of it and the next page's cursor in a header. */
export const TradeListPage = TradeList.meta({
  description: 'עסקאות, מהיציאה החדשה לישנה',
  headers: {
    [NEXT_CURSOR_HEADER]: {
      type: 'string',
      description: 'The cursor of the next page (only with limit, absent on the last page)',
    },
  },
});

/** Query of GET /api/trades: a day's ISO range, or any of the list's filters ('' and 'all' mean none). */
export const TradesQuery = z
  .object({
    startDate: Timestamp.optional(),
    endDate: Timestamp.optional(),
    dateRange: queryFilter(z.enum(TRADE_DATE_RANGES, { error: M.invalidChoice })),
    session: queryFilter(TradeSession),
    setup: queryFilter(SetupType),
    asset: queryFilter(AssetType),
    result: queryFilter(TradeResult),
    rRange: queryFilter(z.enum(R_RANGE_KEYS, { error: M.invalidChoice })),
    /** true: only trades open around a high-impact economic event; false: only the others. */
    news: queryFilter(z.stringbool({ error: M.invalidChoice })),
    trust: queryFilter(TrustLevel),
    /** Case-insensitive match on symbol, setup or notes. */
    search: queryFilter(SafeText.trim().max(100, M.tooLong)),
    ...TradesPageQuery.shape,
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.limit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: PAGE_MESSAGES.cursorWithoutLimit });
    }
    if (query.startDate && query.endDate && Date.parse(query.endDate) < Date.parse(query.startDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.invalidDate });
    }
  });
export type TradesQuery = z.infer<typeof TradesQuery>;

/** Answer of the screenshot upload-link call: PUT the image to uploadURL, then save screenshotUrl on the trade. */
export const ScreenshotUploadLink = z.object({
  uploadURL: z.string(),
  screenshotUrl: z.string(),
});
export type ScreenshotUploadLink = z.infer<typeof ScreenshotUploadLink>;

/** Answer of PUT /api/screenshots/{id}: the slot is filled, once; its SHA-256 is computed by the server. */
export const ScreenshotUploaded = z.object({
  screenshotUrl: z.string(),
  screenshotSha256: z.string().describe('Computed by the server: the SHA-256 (hex) of the bytes received'),
});
export type ScreenshotUploaded = z.infer<typeof ScreenshotUploaded>;

/** Answer of DELETE /api/trades/{id}. */
export const TradeDeleted = z.object({ id: EntityId, deleted: z.literal(true) });
export type TradeDeleted = z.infer<typeof TradeDeleted>;
