import type { AssetType, SetupType, TradeSaveInput, TradeSession } from '@yoman/contracts';
import { DEMO_INSTRUMENTS, type DemoInstrument, futuresContractOf } from './demo-instruments';
import type { DemoRandom } from './demo-random';

/** One trade of a demo student's history: what they save, when they save it, and what they change later. */
export interface PlannedTrade {
  student: number;
  body: TradeSaveInput;
  loggedAt: Date;
  withScreenshot: boolean;
  edit?: { at: Date; body: TradeSaveInput };
}

/** How a demo student trades: skill, activity, habits and favourite markets. */
export interface StudentProfile {
  winRate: number;
  /** Chance of trading on a given market day, and the most trades in one day. */
  activity: number;
  maxTradesPerDay: number;
  /** Chance of logging within the hour; the rest is logged late, a few past the lock window. */
  discipline: number;
  screenshotHabit: number;
  assets: Readonly<Record<AssetType, number>>;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

/** Session hours in UTC: Asia before London, London's morning, New York's cash session. */
const SESSION_HOURS: Record<TradeSession, readonly [number, number]> = {
  asia: [0, 6],
  london: [7, 11.5],
  new_york: [13.5, 19.5],
};

const SETUP_WEIGHTS: Record<SetupType, number> = {
  breakout: 5,
  pullback: 5,
  support: 4,
  pattern: 3,
  news: 1.5,
  other: 1,
};

const NOTES = [
  'כניסה לפי התוכנית, ניהול לפי הכללים',
  'יצאתי מוקדם מדי, המחיר המשיך ליעד',
  'חיכיתי לאישור בנר של 5 דקות',
  'עסקה נקייה — סטופ מתחת לשפל האחרון',
  'נכנסתי מתוך פומו, לא לפי הסטאפ',
  'הזזתי את הסטופ לנקודת האיזון אחרי 1R',
  'נפח חזק בפריצה',
  'תגובה יפה מרמת תמיכה יומית',
  'לפני פרסום נתונים — פוזיציה קטנה',
] as const;

const EDITED_NOTES = 'עדכון: הוספתי הערות אחרי צפייה בגרף';

/** A student's trades between `from` and `to`, in time order, with logging times no later than `to`. */
export function planStudentTrades(
  random: DemoRandom,
  student: number,
  profile: StudentProfile,
  from: Date,
  to: Date,
): PlannedTrade[] {
  const trades: PlannedTrade[] = [];
  for (let day = startOfDay(from); day.getTime() < to.getTime(); day = new Date(day.getTime() + DAY)) {
    // Everyone traded in the last two days, so the newest trades are still open to edit.
    const recent = to.getTime() - day.getTime() < 2 * DAY;
    if (!recent && !random.chance(profile.activity)) continue;
    const count = random.integer(1, profile.maxTradesPerDay);
    for (let index = 0; index < count; index += 1) {
      const trade = planTrade(random, student, profile, day, to);
      if (trade) trades.push(trade);
    }
  }
  return trades.sort((a, b) => a.loggedAt.getTime() - b.loggedAt.getTime());
}

function planTrade(
  random: DemoRandom,
  student: number,
  profile: StudentProfile,
  day: Date,
  end: Date,
): PlannedTrade | undefined {
  const assetType = random.weighted(profile.assets);
  const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
  const choices = DEMO_INSTRUMENTS.filter(
    (instrument) => instrument.assetType === assetType && (instrument.weekends || !weekend),
  );
  if (choices.length === 0) return undefined;
  const instrument = random.pick(choices);
  const session = sessionOf(random, instrument);
  const [open, close] = SESSION_HOURS[session];
  const entryTime = new Date(day.getTime() + random.between(open, close) * HOUR);
  const exitTime = new Date(entryTime.getTime() + random.between(4, 240) * MINUTE);
  const loggedAt = new Date(exitTime.getTime() + loggingDelayOf(random, profile));
  if (exitTime.getTime() > end.getTime() - 10 * MINUTE) return undefined;
  const body = tradeBody(random, profile, instrument, session, entryTime, exitTime);
  const trade: PlannedTrade = {
    student,
    body,
    loggedAt: loggedAt.getTime() > end.getTime() ? end : loggedAt,
    withScreenshot: random.chance(profile.screenshotHabit),
  };
  const editAt = new Date(trade.loggedAt.getTime() + random.between(0.5, 6) * HOUR);
  const beforeLock = editAt.getTime() < exitTime.getTime() + 23 * HOUR && editAt.getTime() < end.getTime();
  if (beforeLock && random.chance(0.1)) trade.edit = { at: editAt, body: editedBody(random, body) };
  return trade;
}

function sessionOf(random: DemoRandom, instrument: DemoInstrument): TradeSession {
  if (instrument.assetType === 'stocks') return 'new_york';
  if (instrument.symbol === 'USDJPY') return random.weighted({ asia: 3, london: 1, new_york: 1 });
  if (instrument.assetType === 'forex') return random.weighted({ asia: 1, london: 4, new_york: 3 });
  if (instrument.assetType === 'futures') return random.weighted({ asia: 0.5, london: 1.5, new_york: 5 });
  return random.weighted({ asia: 2, london: 2, new_york: 3 });
}

/** Most trades are logged within the hour; some hours later (−5 trust); a few after the lock window. */
function loggingDelayOf(random: DemoRandom, profile: StudentProfile): number {
  if (random.chance(profile.discipline)) return random.between(2, 55) * MINUTE;
  if (random.chance(0.75)) return random.between(1.2, 20) * HOUR;
  return random.between(25, 60) * HOUR;
}

function tradeBody(
  random: DemoRandom,
  profile: StudentProfile,
  instrument: DemoInstrument,
  session: TradeSession,
  entryTime: Date,
  exitTime: Date,
): TradeSaveInput {
  const direction = random.chance(0.55) ? 'long' : 'short';
  const sign = direction === 'long' ? 1 : -1;
  const drift = 1 + 0.08 * Math.sin(entryTime.getTime() / (40 * DAY) + instrument.price);
  const entry = instrument.price * drift * random.between(0.985, 1.015);
  const riskDistance = entry * random.between(...instrument.risk);
  const exit = entry + sign * outcomeInR(random, profile) * riskDistance;
  const withStop = random.chance(0.9);
  const size = random.between(...instrument.size);
  const price = (value: number) => Math.max(value, 10 ** -instrument.decimals).toFixed(instrument.decimals);
  const symbol =
    instrument.assetType === 'futures' ? futuresContractOf(instrument.symbol, entryTime) : instrument.symbol;
  return {
    symbol,
    assetType: instrument.assetType,
    direction,
    entryPrice: price(entry),
    exitPrice: price(exit),
    stopPrice: withStop ? price(entry - sign * riskDistance) : null,
    targetPrice: random.chance(0.5) ? price(entry + sign * 2 * riskDistance) : null,
    positionSize: size.toFixed(instrument.sizeDecimals),
    fees: (instrument.feePerUnit * size).toFixed(2),
    session,
    setup: random.weighted(SETUP_WEIGHTS),
    entryTime: entryTime.toISOString(),
    exitTime: exitTime.toISOString(),
    notes: random.chance(0.45) ? random.pick(NOTES) : null,
  };
}

/** A win of 0.4R–3.5R (rarely a runner to 6R), a loss of up to about 1R (rarely a slipped stop), or a scratch. */
function outcomeInR(random: DemoRandom, profile: StudentProfile): number {
  if (random.chance(0.05)) return random.between(-0.05, 0.05);
  if (random.chance(profile.winRate)) {
    return random.chance(0.08) ? random.between(3.5, 6) : random.between(0.4, 3.5);
  }
  return random.chance(0.06) ? -random.between(1.3, 2.2) : -random.between(0.3, 1.05);
}

/** A later edit: usually notes only, sometimes the exit price (a material edit, −10 trust). */
function editedBody(random: DemoRandom, body: TradeSaveInput): TradeSaveInput {
  if (random.chance(0.55)) return { ...body, notes: EDITED_NOTES };
  const exit = Number(body.exitPrice);
  const decimals = String(body.exitPrice).split('.')[1]?.length ?? 0;
  const moved = exit * (1 + random.between(-0.002, 0.002));
  return { ...body, exitPrice: moved.toFixed(decimals), notes: EDITED_NOTES };
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
