import type { TradeEvent } from '@yoman/contracts';
import { deciderSpecification } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { type EditTrade, type LockTrade, tradeDecider } from './decider';
import {
  figures,
  LOCK_AT,
  logCommand,
  loggedEvent,
  TRADE_ID,
  trustChangedEvent,
  USER_ID,
} from './trade-fixtures';

const { given } = deciderSpecification(tradeDecider);

const at = (iso: string) => ({ now: new Date(iso) });
const log = logCommand;
const edit = (now: string, change: Partial<typeof figures>, userId = USER_ID): EditTrade => ({
  type: 'EditTrade',
  data: { tradeId: TRADE_ID, userId, figures: { ...figures, ...change } },
  metadata: at(now),
});
const lock = (now: string): LockTrade => ({
  type: 'LockTrade',
  data: { tradeId: TRADE_ID },
  metadata: at(now),
});
const lockedEvent = (lockedAt: string): TradeEvent => ({
  type: 'trade.locked.v1',
  data: { tradeId: TRADE_ID, userId: USER_ID, lockAt: LOCK_AT, lockedAt },
});
const SCREENSHOT = '/api/screenshots/5a3c1f4e-0000-4000-8000-000000000001';
const SCREENSHOT_SHA256 = 'a'.repeat(64);
const NEW_SCREENSHOT = '/api/screenshots/5a3c1f4e-0000-4000-8000-000000000002';
const NEW_SCREENSHOT_SHA256 = 'b'.repeat(64);
const attachedAt = (
  at: string,
  screenshotUrl = SCREENSHOT,
  screenshotSha256 = SCREENSHOT_SHA256,
): TradeEvent => ({
  type: 'trade.screenshot-attached.v1',
  data: { tradeId: TRADE_ID, userId: USER_ID, screenshotUrl, screenshotSha256, attachedAt: at },
});
const attached = attachedAt('2026-03-10T11:00:00.000Z');

describe('logging a trade', () => {
  it('within an hour of exit: logged with trust 100 and its lock time, no penalty', () => {
    given().when(log('2026-03-10T10:30:00.000Z')).thenEmits([loggedEvent()]);
  });

  it('exactly one hour after exit is not late yet', () => {
    given()
      .when(log('2026-03-10T11:00:00.000Z'))
      .thenEmits([loggedEvent({ loggedAt: '2026-03-10T11:00:00.000Z' })]);
  });

  it('more than an hour after exit costs 5 trust for late logging', () => {
    given()
      .when(log('2026-03-10T12:00:00.000Z'))
      .thenEmits([
        loggedEvent({ loggedAt: '2026-03-10T12:00:00.000Z' }),
        trustChangedEvent('late_logging', -5, 95, '2026-03-10T12:00:00.000Z'),
      ]);
  });

  it('after the lock time: −25 instead of −5, locked at once, and −15 without a screenshot', () => {
    const now = '2026-03-11T12:00:00.000Z';
    given()
      .when(log(now))
      .thenEmits([
        loggedEvent({ loggedAt: now }),
        trustChangedEvent('logged_after_lock', -25, 75, now),
        lockedEvent(now),
        trustChangedEvent('no_screenshot_at_lock', -15, 60, now),
      ]);
  });

  it('after the lock time with a screenshot: −25 and locked, no screenshot penalty', () => {
    const now = '2026-03-11T12:00:00.000Z';
    given()
      .when(log(now, { screenshotUrl: SCREENSHOT }))
      .thenEmits([
        loggedEvent({ loggedAt: now, screenshotUrl: SCREENSHOT }),
        trustChangedEvent('logged_after_lock', -25, 75, now),
        lockedEvent(now),
      ]);
  });

  it('the lock time follows the organisation policy: 48 hours, weekend hours skipped', () => {
    const [event] = given()
      .when(
        log('2026-03-10T10:30:00.000Z', {
          policy: { tradeLockHours: 96, weekendLocking: false, timezone: 'Asia/Jerusalem' },
        }),
      )
      .events();
    // Tuesday 12:00 Israel + 96 weekday hours: Wednesday, Thursday, Friday to midnight (84h), Monday 12:00.
    expect(event?.type === 'trade.logged.v1' && event.data.lockAt).toBe('2026-03-16T10:00:00.000Z');
  });

  it('an exit time in the future is refused', () => {
    given().when(log('2026-03-10T09:00:00.000Z')).thenRefuses('EXIT_IN_FUTURE', 'invalid_input');
  });

  it.each([
    [{ entryTime: '0000-01-01T00:00:00Z' }, 'DATE_OUT_OF_RANGE'],
    [{ entryTime: '1969-12-31T23:59:59.999Z' }, 'DATE_OUT_OF_RANGE'],
    [{ exitTime: '2026-03-10T08:00:00+16:34' }, 'DATE_OUT_OF_RANGE'],
    [{ exitTime: '2026-03-10T07:00:00.000Z' }, 'EXIT_BEFORE_ENTRY'],
  ])(
    'times no calendar or projection can take are refused even when a route let them through: %j',
    (change, code) => {
      const command = log('2026-03-10T10:30:00.000Z');
      const figuresOfCommand = { ...command.data.figures, ...change };
      given()
        .when({ ...command, data: { ...command.data, figures: figuresOfCommand } })
        .thenRefuses(code, 'invalid_input');
    },
  );

  it('the same trade cannot be logged twice', () => {
    given(loggedEvent()).when(log('2026-03-10T10:30:00.000Z')).thenRefuses('TRADE_EXISTS', 'conflict');
  });
});

describe('editing a trade', () => {
  const now = '2026-03-10T15:00:00.000Z';

  it('a change of notes only is recorded without a trust change', () => {
    given(loggedEvent())
      .when(edit(now, { notes: 'יציאה מוקדמת' }))
      .thenEmits([
        {
          type: 'trade.edited.v1',
          data: {
            ...figures,
            notes: 'יציאה מוקדמת',
            tradeId: TRADE_ID,
            userId: USER_ID,
            changedFields: ['notes'],
            material: false,
            editedAt: now,
          },
        },
      ]);
  });

  it('a change of exit price is material: −10 trust', () => {
    const events = given(loggedEvent())
      .when(edit(now, { exitPrice: '1.106', pnlUsd: '600.00' }))
      .events();
    expect(events[0]?.type === 'trade.edited.v1' && events[0].data).toMatchObject({
      changedFields: ['exitPrice', 'pnlUsd'],
      material: true,
    });
    expect(events[1]).toEqual(trustChangedEvent('material_edit', -10, 90, now));
  });

  // The material fields of rules §2, each with a value that differs from the logged trade's.
  const materialChanges = {
    entryPrice: '1.2',
    exitPrice: '1.3',
    stopPrice: null,
    positionSize: '2',
    direction: 'short',
    entryTime: '2026-03-10T07:00:00.000Z',
    exitTime: '2026-03-10T09:00:00.000Z',
  } as const;
  const materialFields = Object.keys(materialChanges) as (keyof typeof materialChanges)[];

  it.each(materialFields)('a change of %s is material', (field) => {
    const events = given(loggedEvent())
      .when(edit(now, { [field]: materialChanges[field] }))
      .events();
    expect(events.map((event) => event.type)).toEqual(['trade.edited.v1', 'trade.trust-changed.v1']);
  });

  it('material edits cost at most 30 in all: the fourth costs nothing', () => {
    const events = given(
      loggedEvent(),
      trustChangedEvent('material_edit', -10, 90, now),
      trustChangedEvent('material_edit', -10, 80, now),
      trustChangedEvent('material_edit', -10, 70, now),
    )
      .when(edit(now, { exitPrice: '1.2' }))
      .events();
    expect(events.map((event) => event.type)).toEqual(['trade.edited.v1']);
  });

  it('trust never goes below 0: at 5 a material edit costs 5, at 0 nothing', () => {
    const events = given(loggedEvent(), trustChangedEvent('logged_after_lock', -95, 5, now))
      .when(edit(now, { positionSize: '3' }))
      .events();
    expect(events[1]).toEqual(trustChangedEvent('material_edit', -5, 0, now));
    const atZero = given(loggedEvent(), trustChangedEvent('logged_after_lock', -100, 0, now))
      .when(edit(now, { positionSize: '3' }))
      .events();
    expect(atZero.map((event) => event.type)).toEqual(['trade.edited.v1']);
  });

  it('the same figures written differently (1.10 vs 1.1, Z vs +00:00) are no change', () => {
    given(loggedEvent())
      .when(edit(now, { entryPrice: '1.10', exitTime: '2026-03-10T10:00:00+00:00' }))
      .thenNothing();
  });

  it('an edit cannot move the exit into the future', () => {
    given(loggedEvent())
      .when(edit(now, { exitTime: '2026-03-10T16:00:00.000Z' }))
      .thenRefuses('EXIT_IN_FUTURE', 'invalid_input');
  });

  it('a locked trade cannot be edited: 409 TRADE_LOCKED', () => {
    given(loggedEvent(), lockedEvent(LOCK_AT))
      .when(edit(now, { notes: 'x' }))
      .thenRefuses('TRADE_LOCKED', 'locked');
  });

  it('past its lock time a trade is locked even before the lock job ran', () => {
    given(loggedEvent())
      .when(edit('2026-03-11T10:00:00.000Z', { notes: 'x' }))
      .thenRefuses('TRADE_LOCKED');
  });

  it("another user's trade, a deleted trade and an unknown trade are all not found", () => {
    given(loggedEvent())
      .when(edit(now, { notes: 'x' }, 'user-2'))
      .thenRefuses('TRADE_NOT_FOUND', 'not_found');
    const deleted: TradeEvent = {
      type: 'trade.deleted.v1',
      data: { tradeId: TRADE_ID, userId: USER_ID, deletedAt: now },
    };
    given(loggedEvent(), deleted)
      .when(edit(now, { notes: 'x' }))
      .thenRefuses('TRADE_NOT_FOUND');
    given()
      .when(edit(now, { notes: 'x' }))
      .thenRefuses('TRADE_NOT_FOUND');
  });
});

describe('deleting a trade', () => {
  const now = '2026-03-10T15:00:00.000Z';
  const remove = (userId = USER_ID, when = now) =>
    ({ type: 'DeleteTrade', data: { tradeId: TRADE_ID, userId }, metadata: at(when) }) as const;

  it('an open trade is deleted', () => {
    given(loggedEvent())
      .when(remove())
      .thenEmits([
        { type: 'trade.deleted.v1', data: { tradeId: TRADE_ID, userId: USER_ID, deletedAt: now } },
      ]);
  });

  it('a locked trade cannot be deleted: TRADE_LOCKED', () => {
    given(loggedEvent(), lockedEvent(LOCK_AT)).when(remove()).thenRefuses('TRADE_LOCKED', 'locked');
    given(loggedEvent()).when(remove(USER_ID, LOCK_AT)).thenRefuses('TRADE_LOCKED', 'locked');
  });

  it("another user's trade is not found", () => {
    given(loggedEvent()).when(remove('user-2')).thenRefuses('TRADE_NOT_FOUND');
  });
});

describe('evidence: the screenshot and its SHA-256', () => {
  const withScreenshot = { screenshotUrl: SCREENSHOT, screenshotSha256: SCREENSHOT_SHA256 };
  const pointAt = (now: string, screenshotUrl: string, screenshotSha256: string): EditTrade => ({
    ...edit(now, {}),
    data: { ...edit(now, {}).data, screenshot: { screenshotUrl, screenshotSha256 } },
  });

  it('a trade logged with a screenshot records the hash the server computed', () => {
    given()
      .when(log('2026-03-10T10:30:00.000Z', withScreenshot))
      .thenEmits([loggedEvent(withScreenshot)]);
  });

  it('an open trade without a screenshot gets one by an edit naming its slot', () => {
    given(loggedEvent())
      .when(pointAt('2026-03-10T11:00:00.000Z', SCREENSHOT, SCREENSHOT_SHA256))
      .thenEmits([attached]);
  });

  it('an edit pointing to a new slot records the new screenshot and its hash as an event', () => {
    given(loggedEvent(withScreenshot))
      .when(pointAt('2026-03-10T12:00:00.000Z', NEW_SCREENSHOT, NEW_SCREENSHOT_SHA256))
      .thenEmits([attachedAt('2026-03-10T12:00:00.000Z', NEW_SCREENSHOT, NEW_SCREENSHOT_SHA256)]);
  });

  it('an edit of figures and screenshot together emits both, figures first', () => {
    const change = edit('2026-03-10T12:00:00.000Z', { notes: 'צילום טוב יותר' });
    given(loggedEvent())
      .when({ ...change, data: { ...change.data, screenshot: withScreenshot } })
      .thenEmits([
        {
          type: 'trade.edited.v1',
          data: {
            ...figures,
            notes: 'צילום טוב יותר',
            tradeId: TRADE_ID,
            userId: USER_ID,
            changedFields: ['notes'],
            material: false,
            editedAt: '2026-03-10T12:00:00.000Z',
          },
        },
        attachedAt('2026-03-10T12:00:00.000Z'),
      ]);
  });

  it('an edit naming the screenshot the trade already shows changes nothing', () => {
    given(loggedEvent(withScreenshot))
      .when(pointAt('2026-03-10T12:00:00.000Z', SCREENSHOT, SCREENSHOT_SHA256))
      .thenNothing();
  });

  it('the screenshot of a locked trade cannot change: TRADE_LOCKED, nothing emitted', () => {
    given(loggedEvent(withScreenshot), lockedEvent(LOCK_AT))
      .when(pointAt('2026-03-11T11:00:00.000Z', NEW_SCREENSHOT, NEW_SCREENSHOT_SHA256))
      .thenRefuses('TRADE_LOCKED', 'locked');
    given(loggedEvent(withScreenshot))
      .when(pointAt(LOCK_AT, NEW_SCREENSHOT, NEW_SCREENSHOT_SHA256))
      .thenRefuses('TRADE_LOCKED', 'locked');
  });

  it('events written before hashes were recorded still apply: the screenshot counts at the lock', () => {
    const { screenshotSha256: _l, ...legacyLogged } = (
      loggedEvent() as Extract<TradeEvent, { type: 'trade.logged.v1' }>
    ).data;
    const legacyAttached: TradeEvent = {
      type: 'trade.screenshot-attached.v1',
      data: { tradeId: TRADE_ID, userId: USER_ID, screenshotUrl: SCREENSHOT, attachedAt: LOCK_AT },
    };
    given({ type: 'trade.logged.v1', data: legacyLogged }, legacyAttached)
      .when(lock(LOCK_AT))
      .thenEmits([lockedEvent(LOCK_AT)]);
  });
});

describe('locking a trade (the lock job)', () => {
  it('at the lock time without a screenshot: locked and −15 trust', () => {
    given(loggedEvent())
      .when(lock(LOCK_AT))
      .thenEmits([lockedEvent(LOCK_AT), trustChangedEvent('no_screenshot_at_lock', -15, 85, LOCK_AT)]);
  });

  it('with a screenshot: locked, no penalty', () => {
    given(loggedEvent(), attached)
      .when(lock(LOCK_AT))
      .thenEmits([lockedEvent(LOCK_AT)]);
  });

  it('the penalty starts from the current score', () => {
    given(loggedEvent(), trustChangedEvent('late_logging', -5, 95, '2026-03-10T12:00:00.000Z'))
      .when(lock(LOCK_AT))
      .thenEmits([lockedEvent(LOCK_AT), trustChangedEvent('no_screenshot_at_lock', -15, 80, LOCK_AT)]);
  });

  it('a job that runs early, twice, or for a deleted or unknown trade does nothing', () => {
    given(loggedEvent()).when(lock('2026-03-11T09:59:59.000Z')).thenNothing();
    given(loggedEvent(), lockedEvent(LOCK_AT)).when(lock('2026-03-11T10:05:00.000Z')).thenNothing();
    const deleted: TradeEvent = {
      type: 'trade.deleted.v1',
      data: { tradeId: TRADE_ID, userId: USER_ID, deletedAt: LOCK_AT },
    };
    given(loggedEvent(), deleted).when(lock(LOCK_AT)).thenNothing();
    given().when(lock(LOCK_AT)).thenNothing();
  });
});

describe('naming a library setup', () => {
  const SETUP_ID = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
  const OTHER_SETUP_ID = '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c';
  const withSetup = { ...figures, setupId: SETUP_ID };
  const named = (status: 'active' | 'archived' | 'missing', setupId = SETUP_ID) => ({ setupId, status });

  it("logs a trade naming one of its owner's active setups", () => {
    given()
      .when(log('2026-03-10T10:30:00.000Z', { figures: withSetup, namedSetup: named('active') }))
      .thenEmits([loggedEvent({ setupId: SETUP_ID })]);
  });

  it("refuses an archived setup, a missing or another student's one, and a setup it was not told about", () => {
    const at = '2026-03-10T10:30:00.000Z';
    given()
      .when(log(at, { figures: withSetup, namedSetup: named('archived') }))
      .thenRefuses('SETUP_ARCHIVED', 'invalid_input');
    given()
      .when(log(at, { figures: withSetup, namedSetup: named('missing') }))
      .thenRefuses('SETUP_NOT_FOUND', 'invalid_input');
    given()
      .when(log(at, { figures: withSetup }))
      .thenRefuses('SETUP_NOT_FOUND', 'invalid_input');
    given()
      .when(log(at, { figures: withSetup, namedSetup: named('active', OTHER_SETUP_ID) }))
      .thenRefuses('SETUP_NOT_FOUND', 'invalid_input');
  });

  it('an edit may keep a setup archived since, but naming another needs it active', () => {
    const loggedWithSetup = loggedEvent({ setupId: SETUP_ID });
    const keep: EditTrade = {
      type: 'EditTrade',
      data: {
        tradeId: TRADE_ID,
        userId: USER_ID,
        figures: { ...withSetup, notes: 'עודכן' },
        namedSetup: named('archived'),
      },
      metadata: at('2026-03-10T11:00:00.000Z'),
    };
    const [event] = tradeDecider.decide(
      keep,
      tradeDecider.evolve(tradeDecider.initialState(), loggedWithSetup),
    );
    expect(event.type).toBe('trade.edited.v1');
    const switchTo: EditTrade = {
      ...keep,
      data: {
        ...keep.data,
        figures: { ...withSetup, setupId: OTHER_SETUP_ID },
        namedSetup: named('archived', OTHER_SETUP_ID),
      },
    };
    given(loggedWithSetup).when(switchTo).thenRefuses('SETUP_ARCHIVED', 'invalid_input');
  });
});
