import { parseSetupEvent, SETUP_STREAM_TYPE } from '@yoman/contracts';
import { commandHandler, type Platform } from '@yoman/platform';
import { type SetupCommand, setupDecider } from './decider';
import type { Setup } from './setup';

export const setupStreamOf = (setupId: string) => `setup-${setupId}`;

const handleSetupCommand = commandHandler(SETUP_STREAM_TYPE, parseSetupEvent, setupDecider);

/** Runs one setup command through the event store; answers once the read models include its events. */
export function runSetupCommand(
  platform: Platform,
  command: SetupCommand,
  metadata: { userId?: string; organisationId?: string | null } = {},
) {
  return handleSetupCommand(platform, setupStreamOf(command.data.setupId), command, { metadata });
}

/** A setup's current state from its stream (the event store, not a read model), for a trade that names it. */
export async function loadSetup(platform: Platform, setupId: string): Promise<Setup> {
  const stored = await platform.eventStore.readStream(setupStreamOf(setupId));
  return stored.reduce((state, recorded) => {
    const event = parseSetupEvent(recorded);
    return event ? setupDecider.evolve(state, event) : state;
  }, setupDecider.initialState());
}
