import { DateTime } from 'luxon';

/** Where an instant falls in a time zone: its local day, hour and weekday (0 Sunday … 6 Saturday). */
export interface ZonedTime {
  /** 'yyyy-MM-dd' */
  date: string;
  hour: number;
  weekday: number;
}

/** The product's zone, for an unknown zone from an old event (rules §3). */
export const FALLBACK_ZONE = 'Asia/Jerusalem';

// A zone's offset changes only at its transitions, a few instants a year on whole quarter hours. Offsets are
// kept per zone and quarter hour once both ends of the quarter agree, so the projections, which place every
// trade's exit and entry in its owner's zone, ask Intl (through luxon) about once per quarter hour and zone
// instead of for every trade: that took about a third of a millisecond a trade.
const QUARTER_HOUR_MS = 15 * 60_000;
const KEPT_OFFSETS = 50_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at `ms`, in minutes; undefined for a zone luxon does not know. */
function offsetMinutes(ms: number, zone: string): number | undefined {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${zone}\n${quarter}`;
  const kept = offsets.get(key);
  if (kept !== undefined) return kept;
  const at = DateTime.fromMillis(ms, { zone });
  if (!at.isValid) return undefined;
  const start = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).offset;
  const end = DateTime.fromMillis((quarter + 1) * QUARTER_HOUR_MS - 1, { zone }).offset;
  if (start === end) {
    if (offsets.size >= KEPT_OFFSETS) offsets.clear();
    offsets.set(key, start);
  }
  return at.offset;
}

/**
 * Where an ISO instant falls in `zone`; an unknown zone falls back to the product's default rather than
 * dropping the trade. Undefined for text that is not an instant.
 */
export function zonedTime(instant: string, zone: string): ZonedTime | undefined {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return undefined;
  const offset = offsetMinutes(ms, zone) ?? (offsetMinutes(ms, FALLBACK_ZONE) as number);
  const local = new Date(ms + offset * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    hour: local.getUTCHours(),
    weekday: local.getUTCDay(),
  };
}

/** The calendar day of an exit time in the owner's display time zone (rules §3). */
export const tradeDayOf = (exitTime: string, timezone: string): string =>
  zonedTime(exitTime, timezone)?.date as string;
