import {
  isInstantInRange,
  MATERIAL_TRADE_FIELDS,
  type TradeEvent,
  type TradeFiguresData,
  type TradeTrustChangedData,
  type TrustChangeReason,
  VALIDATION_MESSAGES,
} from '@yoman/contracts';
import { type Command, type Decider, DomainError } from '@yoman/platform';
import { Money } from '../calculation/numbers';
import { type LockPolicy, lockAtOf } from './lock-window';
import { evolve, initialTrade, type Trade } from './trade';
import {
  lateLoggingReason,
  MATERIAL_EDIT_PENALTY_CAP,
  TRUST_PENALTIES,
  TRUST_SCORE_INITIAL,
  trustChangeOf,
} from './trust-score';

/**
 * The library setup a trade's figures name, as its own stream says at the time of the command: `missing`
 * when it was never created or is another student's.
 */
export interface NamedSetup {
  setupId: string;
  status: 'active' | 'archived' | 'missing';
}

/** A filled upload slot: where the image is served from and the SHA-256 the server computed of its bytes. */
export interface ScreenshotEvidence {
  screenshotUrl: string;
  screenshotSha256: string;
}

export type LogTrade = Command<
  'LogTrade',
  {
    tradeId: string;
    userId: string;
    organisationId: string | null;
    figures: TradeFiguresData;
    screenshotUrl: string | null;
    screenshotSha256: string | null;
    policy: LockPolicy;
    namedSetup?: NamedSetup;
  }
>;
/** New figures and, optionally, a screenshot from a new slot: one edit, refused as a whole once locked. */
export type EditTrade = Command<
  'EditTrade',
  {
    tradeId: string;
    userId: string;
    figures: TradeFiguresData;
    namedSetup?: NamedSetup;
    screenshot?: ScreenshotEvidence | null;
  }
>;
export type DeleteTrade = Command<'DeleteTrade', { tradeId: string; userId: string }>;
/** Sent by the lock job at the end of the lock window. */
export type LockTrade = Command<'LockTrade', { tradeId: string }>;

export type TradeCommand = LogTrade | EditTrade | DeleteTrade | LockTrade;

type LiveTrade = Extract<Trade, { status: 'open' | 'locked' }>;

const DECIMAL = /^-?\d+(\.\d+)?$/;

// A few minutes of clock difference between the browser and the server is not a trade from the future.
const CLOCK_SKEW_MS = 5 * 60_000;

const tradeNotFound = () => DomainError.notFound('TRADE_NOT_FOUND', 'העסקה לא נמצאה');
const tradeLocked = () =>
  DomainError.locked('TRADE_LOCKED', 'העסקה נעולה: חלון העריכה הסתיים ולא ניתן לערוך או למחוק אותה');

/** The events a command produces from the trade's state (rules §2); throws a DomainError when refused. */
export function decide(command: TradeCommand, state: Trade): TradeEvent[] {
  switch (command.type) {
    case 'LogTrade':
      return logTrade(command, state);
    case 'EditTrade':
      return editTrade(command, state);
    case 'DeleteTrade':
      return deleteTrade(command, state);
    case 'LockTrade':
      return lockTrade(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown trade command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The trade aggregate's pure half, for its command handler and its specs. */
export const tradeDecider: Decider<TradeCommand, TradeEvent, Trade> = {
  decide,
  evolve,
  initialState: initialTrade,
};

function logTrade({ data, metadata: { now } }: LogTrade, state: Trade): TradeEvent[] {
  if (state.status !== 'empty') {
    throw DomainError.conflict('TRADE_EXISTS', 'עסקה עם מזהה זה כבר קיימת');
  }
  const exitTime = checkTradeTimes(data.figures, now);
  if (data.figures.setupId) selectableSetup(data.figures.setupId, data.namedSetup);
  const lockAt = lockAtOf(exitTime, data.policy);
  const logged: TradeEvent = {
    type: 'trade.logged.v1',
    data: {
      ...data.figures,
      tradeId: data.tradeId,
      userId: data.userId,
      organisationId: data.organisationId,
      screenshotUrl: data.screenshotUrl,
      screenshotSha256: data.screenshotSha256,
      loggedAt: now.toISOString(),
      lockAt: lockAt.toISOString(),
      trustScore: TRUST_SCORE_INITIAL,
    },
  };
  const events: TradeEvent[] = [logged];
  let trustScore = TRUST_SCORE_INITIAL;
  const penalise = (reason: TrustChangeReason, penalty = TRUST_PENALTIES[reason]) => {
    const change = trustChanged(data.tradeId, data.userId, trustScore, reason, penalty, now);
    if (change) {
      trustScore = change.data.trustScore;
      events.push(change);
    }
  };
  const late = lateLoggingReason(exitTime, now, lockAt);
  if (late) penalise(late);
  // Logged after its lock time: the trade locks at once, with the lock's own penalty.
  if (now.getTime() >= lockAt.getTime()) {
    events.push(locked(data.tradeId, data.userId, lockAt, now));
    if (!data.screenshotUrl) penalise('no_screenshot_at_lock');
  }
  return events;
}

function editTrade({ data, metadata: { now } }: EditTrade, state: Trade): TradeEvent[] {
  const trade = editableTrade(state, data.userId, now);
  checkTradeTimes(data.figures, now);
  // A setup archived since the trade named it stays on the trade; naming another needs it active.
  const { setupId } = data.figures;
  if (setupId && setupId !== trade.figures.setupId) selectableSetup(setupId, data.namedSetup);
  const screenshotEvents = data.screenshot ? screenshotAttached(trade, data.screenshot, now) : [];
  return [...figureEdits(trade, data.figures, now), ...screenshotEvents];
}

function figureEdits(trade: LiveTrade, after: TradeFiguresData, now: Date): TradeEvent[] {
  const changedFields = changedFieldsOf(trade.figures, after);
  if (changedFields.length === 0) return [];
  const material = changedFields.some((field) =>
    (MATERIAL_TRADE_FIELDS as readonly string[]).includes(field),
  );
  const events: TradeEvent[] = [
    {
      type: 'trade.edited.v1',
      data: {
        ...after,
        tradeId: trade.tradeId,
        userId: trade.userId,
        changedFields,
        material,
        editedAt: now.toISOString(),
      },
    },
  ];
  const penalty = Math.min(
    TRUST_PENALTIES.material_edit,
    MATERIAL_EDIT_PENALTY_CAP - trade.materialEditPenalty,
  );
  if (material && penalty > 0) {
    const change = trustChanged(trade.tradeId, trade.userId, trade.trustScore, 'material_edit', penalty, now);
    if (change) events.push(change);
  }
  return events;
}

function deleteTrade({ data, metadata: { now } }: DeleteTrade, state: Trade): TradeEvent[] {
  const trade = editableTrade(state, data.userId, now);
  return [
    {
      type: 'trade.deleted.v1',
      data: { tradeId: trade.tradeId, userId: trade.userId, deletedAt: now.toISOString() },
    },
  ];
}

/** The event that points an open trade at a new screenshot, with its hash; none when it already shows that one. */
function screenshotAttached(trade: LiveTrade, screenshot: ScreenshotEvidence, now: Date): TradeEvent[] {
  if (trade.screenshotUrl === screenshot.screenshotUrl) return [];
  return [
    {
      type: 'trade.screenshot-attached.v1',
      data: {
        tradeId: trade.tradeId,
        userId: trade.userId,
        screenshotUrl: screenshot.screenshotUrl,
        screenshotSha256: screenshot.screenshotSha256,
        attachedAt: now.toISOString(),
      },
    },
  ];
}

function lockTrade({ metadata: { now } }: LockTrade, state: Trade): TradeEvent[] {
  // The job may run twice or late: an unknown, deleted, locked or not-yet-due trade is left alone.
  if (state.status !== 'open' || now.getTime() < state.lockAt.getTime()) return [];
  const events: TradeEvent[] = [locked(state.tradeId, state.userId, state.lockAt, now)];
  if (!state.screenshotUrl) {
    const change = trustChanged(
      state.tradeId,
      state.userId,
      state.trustScore,
      'no_screenshot_at_lock',
      TRUST_PENALTIES.no_screenshot_at_lock,
      now,
    );
    if (change) events.push(change);
  }
  return events;
}

/** A trade may name one of its owner's active library setups only. */
function selectableSetup(setupId: string, named: NamedSetup | undefined): void {
  const status = named?.setupId === setupId ? named.status : 'missing';
  if (status === 'missing') throw DomainError.invalidInput('SETUP_NOT_FOUND', 'הסטאפ לא נמצא', 'setupId');
  if (status === 'archived') {
    throw DomainError.invalidInput('SETUP_ARCHIVED', 'הסטאפ נמצא בארכיון: יש לבחור סטאפ פעיל', 'setupId');
  }
}

/**
 * A trade's times as the journal accepts them (before any lookup, and again when deciding): from 1970 on, the
 * exit not before the entry and not in the future beyond a few minutes of clock difference. Answers the exit.
 */
export function checkTradeTimes(times: { entryTime: string; exitTime: string }, now: Date): Date {
  for (const field of ['entryTime', 'exitTime'] as const) {
    if (!isInstantInRange(times[field])) {
      throw DomainError.invalidInput('DATE_OUT_OF_RANGE', VALIDATION_MESSAGES.dateOutOfRange, field);
    }
  }
  const exitTime = new Date(times.exitTime);
  if (exitTime.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw DomainError.invalidInput('EXIT_IN_FUTURE', 'זמן היציאה לא יכול להיות בעתיד', 'exitTime');
  }
  if (exitTime.getTime() < Date.parse(times.entryTime)) {
    throw DomainError.invalidInput('EXIT_BEFORE_ENTRY', VALIDATION_MESSAGES.exitBeforeEntry, 'exitTime');
  }
  return exitTime;
}

/** The caller's own trade, still inside its lock window; anything else is refused. */
function editableTrade(state: Trade, userId: string, now: Date): LiveTrade {
  // Another user's trade is answered as missing, so ids of others' trades reveal nothing.
  if (state.status === 'empty' || state.status === 'deleted' || state.userId !== userId)
    throw tradeNotFound();
  // Past the lock time the trade is locked even if the lock job has not run yet.
  if (state.status === 'locked' || now.getTime() >= state.lockAt.getTime()) throw tradeLocked();
  return state;
}

function locked(tradeId: string, userId: string, lockAt: Date, now: Date): TradeEvent {
  return {
    type: 'trade.locked.v1',
    data: { tradeId, userId, lockAt: lockAt.toISOString(), lockedAt: now.toISOString() },
  };
}

function trustChanged(
  tradeId: string,
  userId: string,
  score: number,
  reason: TrustChangeReason,
  penalty: number,
  now: Date,
): { type: 'trade.trust-changed.v1'; data: TradeTrustChangedData } | undefined {
  const change = trustChangeOf(score, penalty);
  if (change === 0) return undefined;
  return {
    type: 'trade.trust-changed.v1',
    data: { tradeId, userId, reason, change, trustScore: score + change, changedAt: now.toISOString() },
  };
}

/** The figure fields whose value differs; times compare as instants, so '…Z' and '+00:00' are equal. */
export function changedFieldsOf(before: TradeFiguresData, after: TradeFiguresData): string[] {
  const fields = Object.keys(after) as (keyof TradeFiguresData)[];
  return fields.filter((field) => {
    const [a, b] = [before[field], after[field]];
    if (field === 'entryTime' || field === 'exitTime') return Date.parse(String(a)) !== Date.parse(String(b));
    if (typeof a === 'string' && typeof b === 'string' && DECIMAL.test(a) && DECIMAL.test(b)) {
      return !new Money(a).eq(b);
    }
    return a !== b;
  });
}
