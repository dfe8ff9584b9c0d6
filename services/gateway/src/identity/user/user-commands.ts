import { parseIdentityEvent, USER_STREAM_TYPE } from '@yoman/contracts';
import { type Caller, handleCommand, type Platform, type RecordedEvent } from '@yoman/platform';
import type { Knex } from 'knex';
import { decide, type RegisterUser, type UserChange } from './decider';
import { evolve, initialUser, type User } from './user';

/** The stream of one user's identity events. */
export const userStreamOf = (userId: string) => `user-${userId}`;

function evolveRecorded(state: User, recorded: RecordedEvent): User {
  const event = parseIdentityEvent(recorded);
  return event ? evolve(state, event) : state;
}

/** Runs one command of a signed-in caller on a user's stream; answers once the read models include its events. */
export async function runUserCommand(
  platform: Platform,
  command: UserChange,
  caller: Pick<Caller, 'userId' | 'organisationId'>,
) {
  return handleCommand(platform, {
    streamId: userStreamOf(command.data.userId),
    streamType: USER_STREAM_TYPE,
    initialState: initialUser,
    evolve: evolveRecorded,
    decide: (state) => decide(command, state),
    metadata: { userId: caller.userId, organisationId: caller.organisationId },
  });
}

/**
 * Registers a new user inside the transaction that writes their credentials, so an account is either whole or
 * absent; answers the position of the event for the caller to wait on once the transaction commits.
 */
export async function registerUser(platform: Platform, trx: Knex.Transaction, command: RegisterUser) {
  const events = decide(command, initialUser());
  const { userId, organisationId } = command.data;
  const metadata = { userId, organisationId };
  const { lastPosition } = await platform.eventStore.append(
    userStreamOf(userId),
    USER_STREAM_TYPE,
    'no_stream',
    events.map((event) => ({ ...event, metadata })),
    trx,
  );
  return lastPosition;
}
