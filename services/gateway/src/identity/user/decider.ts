import type {
  DisplaySettings,
  IdentityEvent,
  IntegrationSettings,
  ProfileSettings,
  Role,
  SharingSettings,
} from '@yoman/contracts';
import { type Command, type Decider, DomainError } from '@yoman/platform';
import { evolve, initialUser, type RegisteredUser, type User } from './user';

export type RegisterUser = Command<
  'RegisterUser',
  {
    userId: string;
    username: string;
    email: string;
    displayName: string;
    role: Role;
    organisationId: string | null;
  }
>;
export type ChangeProfile = Command<'ChangeProfile', { userId: string; profile: ProfileSettings }>;
/** The display section; a client that leaves the monthly goal out keeps the one it had. */
export type ChangeDisplay = Command<
  'ChangeDisplay',
  { userId: string; display: Omit<DisplaySettings, 'monthlyGoalR'> & { monthlyGoalR?: number } }
>;
export type ChangeSharing = Command<'ChangeSharing', { userId: string; sharing: SharingSettings }>;
export type ChangeIntegrations = Command<
  'ChangeIntegrations',
  { userId: string; integrations: IntegrationSettings }
>;
export type ChangeProfileImage = Command<'ChangeProfileImage', { userId: string; imageURL: string }>;

/** What a registered user changes about themselves. */
export type UserChange =
  | ChangeProfile
  | ChangeDisplay
  | ChangeSharing
  | ChangeIntegrations
  | ChangeProfileImage;

export type UserCommand = RegisterUser | UserChange;

/** The events a command on one user causes; an unchanged section causes none. Refusals are DomainErrors. */
export function decide(command: UserCommand, state: User): IdentityEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'ChangeProfile':
      return changeProfile(command, state);
    case 'ChangeDisplay':
      return changeDisplay(command, state);
    case 'ChangeSharing':
      return changeSharing(command, state);
    case 'ChangeIntegrations':
      return changeIntegrations(command, state);
    case 'ChangeProfileImage':
      return changeProfileImage(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown user command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The user aggregate's pure half, for its command handler and its specs. */
export const userDecider: Decider<UserCommand, IdentityEvent, User> = {
  decide,
  evolve,
  initialState: initialUser,
};

function registerUser({ data, metadata: { now } }: RegisterUser, state: User): IdentityEvent[] {
  if (state.status !== 'unregistered') throw DomainError.conflict('USER_EXISTS', 'המשתמש כבר רשום');
  const { userId, username, email, displayName, role, organisationId } = data;
  const registeredAt = now.toISOString();
  const registration = { userId, username, email, displayName, role, organisationId, registeredAt };
  return [{ type: 'identity.user-registered.v1', data: registration }];
}

function changeProfile({ data }: ChangeProfile, state: User): IdentityEvent[] {
  const user = registered(state);
  const { displayName, bio, publicProfile } = data.profile;
  const current = { displayName: user.displayName, bio: user.bio, publicProfile: user.publicProfile };
  if (sameValues(current, { displayName, bio, publicProfile })) return [];
  const profile = { userId: user.userId, displayName, bio, publicProfile };
  return [{ type: 'identity.profile-changed.v1', data: profile }];
}

function changeDisplay({ data }: ChangeDisplay, state: User): IdentityEvent[] {
  const user = registered(state);
  const { currency, timezone, numberFormat, rtlLayout } = data.display;
  const monthlyGoalR = data.display.monthlyGoalR ?? user.display.monthlyGoalR;
  const values = { currency, timezone, numberFormat, rtlLayout, monthlyGoalR };
  return changedSection(user, { section: 'display', values });
}

function changeSharing({ data }: ChangeSharing, state: User): IdentityEvent[] {
  const { blurAmounts, shareWinRate, shareRMultiple, shareScreenshots, shareSetups } = data.sharing;
  const values = { blurAmounts, shareWinRate, shareRMultiple, shareScreenshots, shareSetups };
  return changedSection(registered(state), { section: 'sharing', values });
}

function changeIntegrations({ data }: ChangeIntegrations, state: User): IdentityEvent[] {
  const { enabled, frequency, provider } = data.integrations.autoExport;
  const values = { autoExport: { enabled, frequency, provider } };
  return changedSection(registered(state), { section: 'integrations', values });
}

function changeProfileImage({ data }: ChangeProfileImage, state: User): IdentityEvent[] {
  const user = registered(state);
  if (user.profileImage === data.imageURL) return [];
  return [
    { type: 'identity.profile-image-changed.v1', data: { userId: user.userId, imageURL: data.imageURL } },
  ];
}

type SettingsChange = Extract<IdentityEvent, { type: 'identity.settings-changed.v1' }>['data'];
type Section = SettingsChange['section'];
/** One settings section with its new values. */
type SectionChange = {
  [Name in Section]: Omit<Extract<SettingsChange, { section: Name }>, 'userId'>;
}[Section];

/** A section is recorded only when its values differ from the user's. */
function changedSection(user: RegisteredUser, change: SectionChange): IdentityEvent[] {
  if (sameValues(user[change.section], change.values)) return [];
  return [{ type: 'identity.settings-changed.v1', data: { userId: user.userId, ...change } }];
}

/** Only a registered user's settings change. */
function registered(state: User): RegisteredUser {
  if (state.status === 'unregistered') throw DomainError.notFound('NOT_FOUND', 'המשתמש לא נמצא');
  return state;
}

// Each section is rebuilt in a fixed key order first, so an unchanged section compares equal whatever
// order the client sent its fields in.
const sameValues = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);
