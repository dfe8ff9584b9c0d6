import { parseSetupEvent, SETUP_STREAM_TYPE } from '@yoman/contracts';
import { commandHandler, type Platform } from '@yoman/platform';
import type { NamedSetup } from '../trades/decider';
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

/** The status of the setup a trade names, for the trade command (another student's setup is missing). */
export async function namedSetupOf(
  platform: Platform,
  userId: string,
  setupId: string | null,
): Promise<NamedSetup | undefined> {
  if (!setupId) return undefined;
  const setup = await loadSetup(platform, setupId);
  const status = setup.status === 'empty' || setup.userId !== userId ? 'missing' : setup.status;
  return { setupId, status };
}
