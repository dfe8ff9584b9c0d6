import { DomainError } from '@yoman/platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type TradeCommand } from './decider';
import { evolve, initialTrade, type Trade } from './trade';
import { figures, logCommand, TRADE_ID, USER_ID } from './trade-fixtures';

const exit = Date.parse(figures.exitTime);
const HOUR = 3_600_000;

// A random history: a log at some delay after exit, then edits, screenshots, lock attempts and deletes.
const step = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    material: fc.boolean(),
    price: fc.integer({ min: 1, max: 999 }),
  }),
  fc.record({ kind: fc.constant('attach' as const) }),
  fc.record({ kind: fc.constant('lock' as const) }),
  fc.record({ kind: fc.constant('delete' as const) }),
);
const history = fc.record({
  logDelayHours: fc.integer({ min: 0, max: 30 }),
  steps: fc.array(fc.tuple(step, fc.integer({ min: 0, max: 6 })), { maxLength: 12 }),
});

function commandOf(
  kind: 'edit' | 'attach' | 'lock' | 'delete',
  now: Date,
  material: boolean,
  price: number,
): TradeCommand {
  const data = { tradeId: TRADE_ID, userId: USER_ID };
  switch (kind) {
    case 'edit': {
      const change = material ? { exitPrice: `1.${price}` } : { notes: `note ${price}` };
      return { type: 'EditTrade', data: { ...data, figures: { ...figures, ...change } }, metadata: { now } };
    }
    case 'attach': {
      const screenshot = { screenshotUrl: `/s/${now.getTime()}`, screenshotSha256: 'ab'.repeat(32) };
      return { type: 'EditTrade', data: { ...data, figures, screenshot }, metadata: { now } };
    }
    case 'lock':
      return { type: 'LockTrade', data: { tradeId: TRADE_ID }, metadata: { now } };
    case 'delete':
      return { type: 'DeleteTrade', data, metadata: { now } };
  }
}

describe('trade properties over random histories', () => {
  it('trust stays within 0–100, material edits cost at most 30, and a locked trade refuses every change', () => {
    fc.assert(
      fc.property(history, ({ logDelayHours, steps }) => {
        let now = exit + logDelayHours * HOUR;
        const log = logCommand(new Date(now).toISOString());
        let state: Trade = decide(log, initialTrade()).reduce(evolve, initialTrade());
        for (const [{ kind, ...rest }, hoursLater] of steps) {
          now += hoursLater * HOUR;
          const command = commandOf(
            kind,
            new Date(now),
            'material' in rest && rest.material,
            'price' in rest ? rest.price : 0,
          );
          const wasLocked = state.status === 'locked';
          try {
            state = decide(command, state).reduce(evolve, state);
            if (wasLocked && kind !== 'lock') throw new Error('a locked trade accepted a change');
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            if (wasLocked) expect(error.code).toBe('TRADE_LOCKED');
          }
          if (state.status === 'open' || state.status === 'locked') {
            expect(state.trustScore).toBeGreaterThanOrEqual(0);
            expect(state.trustScore).toBeLessThanOrEqual(100);
            expect(state.materialEditPenalty).toBeLessThanOrEqual(30);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
