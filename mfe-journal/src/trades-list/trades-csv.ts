import { DateTime } from 'luxon';
import { he } from '../i18n';

/** The trade fields written to a CSV row. */
export type TradeForCsv = {
  exitTime: string;
  symbol: string;
  assetType?: string | null;
  direction: string;
  session: string;
  setup: string;
  entryPrice: string | number;
  exitPrice: string | number;
  positionSize: string | number;
  rMultiple: string | number | null;
  pnlIls: string | number;
  trustScore: number;
  hasScreenshot: boolean;
  isLocked: boolean;
};

// A cell that a spreadsheet would read as a formula is prefixed with a quote (CSV injection).
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+@\t\r]/.test(text) || (/^-/.test(text) && Number.isNaN(Number(text)))) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function labelOf<T extends Record<string, string>>(labels: T, key: string | null | undefined): string {
  return key && key in labels ? labels[key as keyof T] : (key ?? '');
}

/** The trades as CSV text: Hebrew headers, one row per trade, exit time in the display zone, CRLF lines. */
export function tradesCsv(trades: readonly TradeForCsv[], zone: string): string {
  const rows = trades.map((t) =>
    [
      DateTime.fromISO(t.exitTime, { zone: 'utc' }).setZone(zone).toFormat('yyyy-MM-dd HH:mm'),
      t.symbol,
      labelOf(he.assetTypes, t.assetType),
      labelOf(he.directions, t.direction),
      labelOf(he.sessions, t.session),
      labelOf(he.setups, t.setup),
      t.entryPrice,
      t.exitPrice,
      t.positionSize,
      t.rMultiple,
      t.pnlIls,
      t.trustScore,
      t.hasScreenshot ? he.csv.yes : he.csv.no,
      t.isLocked ? he.csv.yes : he.csv.no,
    ]
      .map(cell)
      .join(','),
  );
  return [he.csv.headers.join(','), ...rows].join('\r\n');
}

/** Saves CSV text as a file; the byte-order mark makes spreadsheet programs read the Hebrew as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
