import type {
  DisplaySettings,
  IdentityEvent,
  IntegrationSettings,
  ProfileSettings,
  Role,
  SharingSettings,
} from '@yoman/contracts';
import { conflict, notFound } from '@yoman/platform';
import type { UserState } from './user';

export type UserCommand =
  | {
      type: 'register';
      userId: string;
      username: string;
      email: string;
      displayName: string;
      role: Role;
      organisationId: string | null;
      now: Date;
    }
  | { type: 'change-profile'; profile: ProfileSettings }
  | { type: 'change-display'; display: Omit<DisplaySettings, 'monthlyGoalR'> & { monthlyGoalR?: number } }
  | { type: 'change-sharing'; sharing: SharingSettings }
  | { type: 'change-integrations'; integrations: IntegrationSettings }
  | { type: 'change-profile-image'; imageURL: string };

// Each section is rebuilt in a fixed key order first, so an unchanged section compares equal whatever
// order the client sent its fields in.
const sameValues = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** Turns a command on one user into the events it causes; an unchanged section causes none. */
export function decideUser(command: UserCommand, state: UserState): IdentityEvent[] {
  if (command.type === 'register') {
    if (state.status !== 'unregistered') throw conflict('USER_EXISTS', 'המשתמש כבר רשום');
    const { userId, username, email, displayName, role, organisationId, now } = command;
    const data = {
      userId,
      username,
      email,
      displayName,
      role,
      organisationId,
      registeredAt: now.toISOString(),
    };
    return [{ type: 'identity.user-registered.v1', data }];
  }
  if (state.status === 'unregistered') throw notFound('המשתמש לא נמצא');
  const { userId } = state;
  switch (command.type) {
    case 'change-profile': {
      const current = { displayName: state.displayName, bio: state.bio, publicProfile: state.publicProfile };
      const { displayName, bio, publicProfile } = command.profile;
      if (sameValues(current, { displayName, bio, publicProfile })) return [];
      return [{ type: 'identity.profile-changed.v1', data: { userId, displayName, bio, publicProfile } }];
    }
    case 'change-display': {
      const { currency, timezone, numberFormat, rtlLayout } = command.display;
      const monthlyGoalR = command.display.monthlyGoalR ?? state.display.monthlyGoalR;
      const values = { currency, timezone, numberFormat, rtlLayout, monthlyGoalR };
      if (sameValues(state.display, values)) return [];
      return [{ type: 'identity.settings-changed.v1', data: { userId, section: 'display', values } }];
    }
    case 'change-sharing': {
      const { blurAmounts, shareWinRate, shareRMultiple, shareScreenshots, shareSetups } = command.sharing;
      const values = { blurAmounts, shareWinRate, shareRMultiple, shareScreenshots, shareSetups };
      if (sameValues(state.sharing, values)) return [];
      return [{ type: 'identity.settings-changed.v1', data: { userId, section: 'sharing', values } }];
    }
    case 'change-integrations': {
      const { enabled, frequency, provider } = command.integrations.autoExport;
      const values = { autoExport: { enabled, frequency, provider } };
      if (sameValues(state.integrations, values)) return [];
      return [{ type: 'identity.settings-changed.v1', data: { userId, section: 'integrations', values } }];
    }
    case 'change-profile-image':
      if (state.profileImage === command.imageURL) return [];
      return [{ type: 'identity.profile-image-changed.v1', data: { userId, imageURL: command.imageURL } }];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
