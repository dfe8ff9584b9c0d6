import { z } from 'zod';
import { MAX_TRADES_PAGE_SIZE, NEXT_CURSOR_HEADER } from './constants/paging';
import { isInstantInRange } from './fields';

// Cursor paging of GET /api/trades (opt-in: without `limit` the answer is the whole list, spec §7). The
// answer stays an array; the next page's cursor travels in the NEXT_CURSOR_HEADER response header.

export const PAGE_MESSAGES = {
  invalidLimit: `גודל העמוד חייב להיות מספר שלם בין 1 ל-${MAX_TRADES_PAGE_SIZE}`,
  invalidCursor: 'סמן העמוד אינו תקין',
  cursorWithoutLimit: 'סמן עמוד נשלח ללא גודל עמוד',
} as const;

/** Where a page ends: the last row's exit time (to the microsecond, as the database keeps it) and id. */
export interface TradesCursor {
  exitTime: string;
  id: string;
}

const CURSOR_TEXT =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

/** The opaque text of a cursor (base64url of "exitTime|id"). */
export function encodeTradesCursor(cursor: TradesCursor): string {
  return btoa(`${cursor.exitTime}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a text names, or undefined when it is not one this server wrote. */
export function decodeTradesCursor(text: string): TradesCursor | undefined {
  if (!BASE64URL.test(text)) return undefined;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const parts = CURSOR_TEXT.exec(decoded);
  if (!parts || !isInstantInRange(parts[1] as string)) return undefined;
  return { exitTime: parts[1] as string, id: parts[2] as string };
}

/** `limit`: 1 to 200 rows, digits only. */
export const TradesPageLimit = z
  .string({ error: PAGE_MESSAGES.invalidLimit })
  .regex(/^\d{1,3}$/, PAGE_MESSAGES.invalidLimit)
  .transform(Number)
  .pipe(
    z.number().int().min(1, PAGE_MESSAGES.invalidLimit).max(MAX_TRADES_PAGE_SIZE, PAGE_MESSAGES.invalidLimit),
  );

/** `cursor`: the NEXT_CURSOR_HEADER of the previous page, as it came. */
export const TradesPageCursor = z.string({ error: PAGE_MESSAGES.invalidCursor }).transform((text, ctx) => {
  const cursor = decodeTradesCursor(text);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.invalidCursor });
    return z.NEVER;
  }
  return cursor;
});

/** The paging part of GET /api/trades's query. */
export const TradesPageQuery = z.object({
  limit: TradesPageLimit.optional().meta({
    description: `Rows per page (1-${MAX_TRADES_PAGE_SIZE}); without it the whole list is answered`,
  }),
  cursor: TradesPageCursor.optional().meta({
    description: `The ${NEXT_CURSOR_HEADER} header of the previous page; needs limit`,
  }),
});
