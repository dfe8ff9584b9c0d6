import { describe, expect, it, vi } from 'vitest';
import { downloadCsv, type TradeForCsv, tradesCsv } from './trades-csv';
import { hasActiveFilters, NO_FILTERS, tradesQueryParams } from './trades-filters';

describe('tradesQueryParams', () => {
  it('sends nothing for the untouched filter card', () => {
    expect(tradesQueryParams(NO_FILTERS)).toEqual({});
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
  });

  it('sends only the non-empty, non-"all" filters, with the search trimmed', () => {
    const params = tradesQueryParams({
      ...NO_FILTERS,
      search: '  btc ',
      session: 'london',
      result: 'loss',
      trust: 'low',
    });
    expect(params).toEqual({ search: 'btc', session: 'london', result: 'loss', trust: 'low' });
    expect(tradesQueryParams({ ...NO_FILTERS, search: '   ', setup: 'news' })).toEqual({ setup: 'news' });
  });
});

describe('tradesCsv', () => {
  const trade: TradeForCsv = {
    exitTime: '2026-11-22T08:30:00.000Z',
    symbol: 'EURUSD',
    assetType: 'forex',
    direction: 'short',
    session: 'london',
    setup: 'breakout',
    entryPrice: '1.0850',
    exitPrice: '1.0820',
    positionSize: '0.5',
    rMultiple: '1.5',
    pnlIls: '-512.30',
    trustScore: 55,
    hasScreenshot: false,
    isLocked: true,
  };

  it('writes Hebrew headers and one row per trade with the exit time in Israel', () => {
    const lines = tradesCsv([trade], 'Asia/Jerusalem').split('\r\n');
    expect(lines[0]).toBe(
      'תאריך יציאה,סימול,סוג נכס,כיוון,סשן,סטאפ,מחיר כניסה,מחיר יציאה,גודל פוזיציה,R,רווח/הפסד (₪),אמון,צילום מסך,נעולה',
    );
    expect(lines[1]).toBe(
      '2026-11-22 10:30,EURUSD,פורקס,שורט,לונדון,פריצה,1.0850,1.0820,0.5,1.5,-512.30,55,לא,כן',
    );
    expect(lines).toHaveLength(2);
  });

  it('quotes separators, leaves R empty without a stop and defuses formulas', () => {
    const csv = tradesCsv([{ ...trade, symbol: '=HYPERLINK("x")', rMultiple: null, setup: 'a,b' }], 'UTC');
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"a,b"');
    expect(row).toContain(',0.5,,-512.30,');
  });

  it('is only the header row for no trades', () => {
    expect(tradesCsv([], 'UTC').split('\r\n')).toHaveLength(1);
  });

  it('downloads through a temporary link with a UTF-8 byte-order mark', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('trades.csv', 'a,b');
    expect(click).toHaveBeenCalledOnce();
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('a,b');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});
