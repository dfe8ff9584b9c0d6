import { USER_STREAM_TYPE } from '@yoman/contracts';
import { type Caller, handleCommand, type Platform, type RecordedEvent } from '@yoman/platform';
import { decideUser, type UserCommand } from './decide';
import { asIdentityEvent } from './recorded-event';
import { evolveUser, initialUserState, type UserState, userStreamId } from './user';

const evolveRecorded = (state: UserState, recorded: RecordedEvent): UserState => {
  const event = asIdentityEvent(recorded);
  return event ? evolveUser(state, event) : state;
};

/** Runs one command on the caller's own user stream and waits until the read models show its events. */
export async function runUserCommand(
  platform: Platform,
  caller: Caller,
  command: UserCommand,
): Promise<void> {
  await handleCommand(platform, {
    streamId: userStreamId(caller.userId),
    streamType: USER_STREAM_TYPE,
    initialState: initialUserState,
    evolve: evolveRecorded,
    decide: (state) => decideUser(command, state),
    metadata: { userId: caller.userId, organisationId: caller.organisationId },
  });
}
