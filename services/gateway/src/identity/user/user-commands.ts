import { parseIdentityEvent, USER_STREAM_TYPE } from '@yoman/contracts';
import { type Caller, commandHandler, type EventMetadata, type Platform } from '@yoman/platform';
import type { Knex } from 'knex';
import { decide, type RegisterUser, type UserChange, userDecider } from './decider';
import { initialUser } from './user';

/** The stream of one user's identity events. */
export const userStreamOf = (userId: string) => `user-${userId}`;

const handleUserCommand = commandHandler(USER_STREAM_TYPE, parseIdentityEvent, userDecider);

/** Runs one command of a signed-in caller on a user's stream; answers once the read models include its events. */
export async function runUserCommand(
  platform: Platform,
  command: UserChange,
  caller: Pick<Caller, 'userId' | 'organisationId'>,
) {
  const metadata = { userId: caller.userId, organisationId: caller.organisationId };
  return handleUserCommand(platform, userStreamOf(command.data.userId), command, { metadata });
}

/**
 * Registers a new user inside the transaction that writes their credentials, so an account is either whole or
 * absent; answers the position of the event for the caller to wait on once the transaction commits. `extra`
 * joins the events' metadata (a keyed registration's request digest).
 */
export async function registerUser(
  platform: Platform,
  trx: Knex.Transaction,
  command: RegisterUser,
  extra: EventMetadata = {},
) {
  const events = decide(command, initialUser());
  const { userId, organisationId } = command.data;
  const metadata = { ...extra, userId, organisationId };
  const { lastPosition } = await platform.eventStore.append(
    userStreamOf(userId),
    USER_STREAM_TYPE,
    'no_stream',
    events.map((event) => ({ ...event, metadata })),
    trx,
  );
  return lastPosition;
}
