import type { Platform } from '../platform';
import { type CommandOptions, handleCommand } from './command-handler';
import type { NewEvent, RecordedEvent } from './types';

/**
 * A command to an aggregate: what to do, to what, and the time it happens at (`metadata.now`), so that
 * business logic never reads the clock.
 */
export type Command<Type extends string, Data> = { type: Type; data: Data; metadata: { now: Date } };

/** The pure half of an aggregate: the events a command causes, and the state its events fold into. */
export interface Decider<Command, Event, State> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/**
 * Runs one aggregate's commands on its streams (see `handleCommand`), Emmett's `handle(store, id, command)`.
 * Stored events are read with `parse`; one that does not parse (an unknown type, data of another shape) leaves
 * the state as it is. A decided event that `parse` refuses is not appended (the command fails).
 */
export function commandHandler<Command, Event extends NewEvent, State>(
  streamType: string,
  parse: (stored: RecordedEvent) => Event | undefined,
  decider: Decider<Command, Event, State>,
) {
  const evolve = (state: State, stored: RecordedEvent) => {
    const event = parse(stored);
    return event ? decider.evolve(state, event) : state;
  };
  // What is appended must read back: an event its own schema refuses would be skipped by every reader.
  const readable = (streamId: string, events: Event[]) => {
    for (const event of events) {
      const stored = {
        ...event,
        position: 0,
        streamId,
        streamType,
        version: 0,
        metadata: {},
        recordedAt: new Date(0),
      };
      if (!parse(stored)) throw new Error(`${streamId}: decided a ${event.type} event its schema refuses`);
    }
    return events;
  };
  return (
    platform: Platform,
    streamId: string,
    command: Command,
    options: Pick<CommandOptions<State, Event>, 'metadata' | 'jobsOf' | 'newStream'> = {},
  ) =>
    handleCommand(platform, {
      ...options,
      streamId,
      streamType,
      initialState: decider.initialState,
      evolve,
      decide: (state) => readable(streamId, decider.decide(command, state)),
    });
}
