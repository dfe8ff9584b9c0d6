import type { DateTime, Duration } from 'luxon';

// Sessions are defined in New York time (spec §9). Israel times are derived through the real time-zone
// rules, so the weeks when Israel is New York + 6 h (facts.md) come out right instead of a fixed +7 h.
export const NEW_YORK = 'America/New_York';
export const ISRAEL = 'Asia/Jerusalem';

export type SessionId = 'asia' | 'london-open' | 'new-york-open' | 'london-close';

interface SessionDefinition {
  id: SessionId;
  label: string;
  /** New York start as [hour, minute] and offset in days from the trading day's calendar date. */
  start: { hour: number; dayOffset: number };
  end: { hour: number; dayOffset: number };
}

// A trading day opens at 17:00 New York (the forex convention that also bounds the weekend close), so
// the evening Asia session comes first and is followed the next morning by London and New York.
const SESSIONS: readonly SessionDefinition[] = [
  { id: 'asia', label: 'אסיה', start: { hour: 20, dayOffset: -1 }, end: { hour: 0, dayOffset: 0 } },
  {
    id: 'london-open',
    label: 'פתיחת לונדון',
    start: { hour: 2, dayOffset: 0 },
    end: { hour: 5, dayOffset: 0 },
  },
  {
    id: 'new-york-open',
    label: 'פתיחת ניו יורק',
    start: { hour: 7, dayOffset: 0 },
    end: { hour: 10, dayOffset: 0 },
  },
  {
    id: 'london-close',
    label: 'סגירת לונדון',
    start: { hour: 10, dayOffset: 0 },
    end: { hour: 12, dayOffset: 0 },
  },
];

const TRADING_DAY_OPENS_AT_HOUR = 17;
/** The Asia session counts as active until this hour of the Israeli morning (spec §4). */
const ASIA_ACTIVE_UNTIL_ISRAEL_HOUR = 7;

export interface SessionWindow {
  id: SessionId;
  label: string;
  /** Start in New York time. */
  start: DateTime;
  /** The nominal end in New York time (00:00 for Asia). */
  end: DateTime;
  /** When the session stops being active: its end, or 07:00 Israel time for Asia. */
  activeUntil: DateTime;
  newYork: { start: string; end: string };
  israel: { start: string; end: string };
}

export interface ActiveSession {
  session: SessionWindow;
  remaining: Duration;
  /** Share of the session already elapsed, 0..1. */
  progress: number;
}

export interface SessionClockReading {
  newYorkNow: DateTime;
  israelNow: DateTime;
  /** Forex is closed from Friday 17:00 to Sunday 17:00 New York time. */
  marketClosed: boolean;
  /** The current trading day's sessions (the next trading day's while the market is closed). */
  sessions: SessionWindow[];
  active: ActiveSession | null;
  /** The first session that starts after now, else the first session of the next trading day. */
  next: SessionWindow;
}

/** Reads the trading-session clock at an instant: today's sessions, the active one and the next one. */
export function sessionClockAt(now: DateTime): SessionClockReading {
  const newYorkNow = now.setZone(NEW_YORK);
  const opening = tradingDayOpeningAtOrBefore(newYorkNow);
  const marketClosed = isWeekendOpening(opening);
  const currentOpening = marketClosed ? nextWeekdayOpening(opening) : opening;
  const sessions = sessionsOfTradingDay(currentOpening);
  const active = marketClosed ? null : activeSessionAt(sessions, newYorkNow);
  const upcoming = sessions.find((session) => session.start > newYorkNow);
  const next = upcoming ?? sessionsOfTradingDay(nextWeekdayOpening(currentOpening))[0]!;
  return { newYorkNow, israelNow: now.setZone(ISRAEL), marketClosed, sessions, active, next };
}

function tradingDayOpeningAtOrBefore(newYorkNow: DateTime): DateTime {
  const todaysOpening = newYorkNow.set({
    hour: TRADING_DAY_OPENS_AT_HOUR,
    minute: 0,
    second: 0,
    millisecond: 0,
  });
  return todaysOpening <= newYorkNow ? todaysOpening : todaysOpening.minus({ days: 1 });
}

// Friday's 17:00 opening is the weekend close, and no trading day opens on Saturday.
function isWeekendOpening(opening: DateTime): boolean {
  return opening.weekday === 5 || opening.weekday === 6;
}

function nextWeekdayOpening(opening: DateTime): DateTime {
  let candidate = opening.plus({ days: 1 });
  while (isWeekendOpening(candidate)) candidate = candidate.plus({ days: 1 });
  return candidate;
}

/**
 * The sessions of the trading days read lately, by their opening instant. The clock reads every second, and
 * a trading day's sessions are the same all day: built once, not each second (about 30 zone conversions
 * and formats each time). Their DateTimes are immutable, so every reading may share them.
 */
const sessionsByOpening = new Map<number, SessionWindow[]>();
const TRADING_DAYS_KEPT = 4;

function sessionsOfTradingDay(opening: DateTime): SessionWindow[] {
  const key = opening.toMillis();
  let sessions = sessionsByOpening.get(key);
  if (!sessions) {
    const tradingDate = opening.plus({ days: 1 }).startOf('day');
    sessions = SESSIONS.map((definition) => sessionWindow(definition, tradingDate));
    sessionsByOpening.set(key, sessions);
    // The oldest entry first (a Map keeps insertion order): a day long past is never read again.
    if (sessionsByOpening.size > TRADING_DAYS_KEPT)
      sessionsByOpening.delete(sessionsByOpening.keys().next().value!);
  }
  return sessions;
}

function sessionWindow(definition: SessionDefinition, tradingDate: DateTime): SessionWindow {
  const at = ({ hour, dayOffset }: { hour: number; dayOffset: number }) =>
    tradingDate.plus({ days: dayOffset }).set({ hour, minute: 0, second: 0, millisecond: 0 });
  const start = at(definition.start);
  const end = at(definition.end);
  const activeUntil = definition.id === 'asia' ? asiaActiveUntil(start) : end;
  const israelStart = start.setZone(ISRAEL);
  return {
    id: definition.id,
    label: definition.label,
    start,
    end,
    activeUntil,
    newYork: { start: start.toFormat('HH:mm'), end: end.toFormat('HH:mm') },
    israel: { start: israelStart.toFormat('HH:mm'), end: activeUntil.setZone(ISRAEL).toFormat('HH:mm') },
  };
}

function asiaActiveUntil(start: DateTime): DateTime {
  const israelStart = start.setZone(ISRAEL);
  const sameMorning = israelStart.set({
    hour: ASIA_ACTIVE_UNTIL_ISRAEL_HOUR,
    minute: 0,
    second: 0,
    millisecond: 0,
  });
  const until = sameMorning > israelStart ? sameMorning : sameMorning.plus({ days: 1 });
  return until.setZone(NEW_YORK);
}

function activeSessionAt(sessions: SessionWindow[], newYorkNow: DateTime): ActiveSession | null {
  const session = sessions.find((window) => window.start <= newYorkNow && newYorkNow < window.activeUntil);
  if (!session) return null;
  const span = session.activeUntil.toMillis() - session.start.toMillis();
  const elapsed = newYorkNow.toMillis() - session.start.toMillis();
  return {
    session,
    remaining: session.activeUntil.diff(newYorkNow, ['hours', 'minutes', 'seconds']),
    progress: Math.min(1, Math.max(0, elapsed / span)),
  };
}
