import {
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_SHARING_SETTINGS,
  type DisplaySettings,
  type IdentityEvent,
  type IntegrationSettings,
  type Role,
  type SharingSettings,
} from '@yoman/contracts';

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  role: Role;
  organisationId: string | null;
  displayName: string;
  bio: string;
  publicProfile: boolean;
  profileImage: string | null;
  display: DisplaySettings;
  sharing: SharingSettings;
  integrations: IntegrationSettings;
}

/** A user's state: not registered yet, or registered with a profile and settings. */
export type User = { status: 'unregistered' } | RegisteredUser;

export const initialUser = (): User => ({ status: 'unregistered' });

/** Folds one identity event into the user's state; events of an unregistered user are ignored. */
export function evolve(state: User, event: IdentityEvent): User {
  if (event.type === 'identity.user-registered.v1') {
    const { userId, role, organisationId, displayName } = event.data;
    return {
      status: 'registered',
      userId,
      role,
      organisationId,
      displayName,
      bio: '',
      publicProfile: false,
      profileImage: null,
      display: DEFAULT_DISPLAY_SETTINGS,
      sharing: DEFAULT_SHARING_SETTINGS,
      integrations: DEFAULT_INTEGRATION_SETTINGS,
    };
  }
  if (state.status === 'unregistered') return state;
  switch (event.type) {
    case 'identity.profile-changed.v1': {
      const { displayName, bio, publicProfile } = event.data;
      return { ...state, displayName, bio, publicProfile };
    }
    case 'identity.settings-changed.v1':
      return withSection(state, event.data);
    case 'identity.profile-image-changed.v1':
      return { ...state, profileImage: event.data.imageURL };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

type SettingsChange = Extract<IdentityEvent, { type: 'identity.settings-changed.v1' }>['data'];

function withSection(state: RegisteredUser, change: SettingsChange): RegisteredUser {
  switch (change.section) {
    case 'display':
      return { ...state, display: change.values };
    case 'sharing':
      return { ...state, sharing: change.values };
    case 'integrations':
      return { ...state, integrations: change.values };
  }
}
