import { expect } from 'vitest';
import { DomainError, type DomainErrorKind } from '../domain-error';
import type { Decider } from '../event-store/command';

/** The refusal a command meets, or undefined when it is accepted; any other failure is the spec's to see. */
function refusalOf(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
}

/**
 * Given/when/then for a decider, in the Emmett style: past events, one command, then the new events or the
 * refusal. `const { given } = deciderSpecification(tradeDecider)` once per spec file.
 */
export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(...history: Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            thenEmits(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            /** The command is accepted and changes nothing (a repeat, a job that finds nothing to do). */
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenRefuses(code: string, kind?: DomainErrorKind) {
              const refusal = refusalOf(run);
              expect(refusal, `expected the command to be refused with ${code}`).toBeInstanceOf(DomainError);
              expect(refusal).toMatchObject(kind ? { code, kind } : { code });
            },
            /** The decided events, for a spec that checks one field of them. */
            events: run,
          };
        },
      };
    },
  };
}
