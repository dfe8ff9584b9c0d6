import type { TradeEvent } from '@yoman/contracts';
import { expect } from 'vitest';
import { TradeError } from '../domain-error';
import { decide, type TradeCommand } from './decider';
import { evolve, initialTrade } from './trade';

/** Given/when/then for the trade decider, in the Emmett style: past events, one command, the new events. */
export function given(...history: TradeEvent[]) {
  const state = history.reduce(evolve, initialTrade());
  return {
    when(command: TradeCommand) {
      const run = () => decide(command, state);
      return {
        thenEmits(expected: TradeEvent[]) {
          expect(run()).toEqual(expected);
        },
        thenRefuses(code: string, kind?: TradeError['kind']) {
          try {
            run();
          } catch (error) {
            expect(error).toBeInstanceOf(TradeError);
            expect((error as TradeError).code).toBe(code);
            if (kind) expect((error as TradeError).kind).toBe(kind);
            return;
          }
          throw new Error(`expected the command to be refused with ${code}`);
        },
        events: run,
      };
    },
  };
}
