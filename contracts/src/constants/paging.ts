// Cursor paging of GET /api/trades (contracts/src/trade-pages.ts has the query's schema).

/** Most rows one page may hold. */
export const MAX_TRADES_PAGE_SIZE = 200;
/** The page the trades list screen asks for. */
export const TRADES_PAGE_SIZE = 50;
/** Response header naming the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
