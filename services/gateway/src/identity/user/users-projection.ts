import {
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_SHARING_SETTINGS,
  IDENTITY_EVENT_TYPES,
  parseIdentityEvent,
} from '@yoman/contracts';
import { type Projection, type RecordedEvent, UnreadableEventError } from '@yoman/platform';

const SETTINGS_EVENT_TYPES = ['identity.user-registered.v1', 'identity.settings-changed.v1'];

/** An event of a type the projection reads whose data its schema refuses is a failure; any other is not its own. */
function refuseUnreadable(recorded: RecordedEvent, handles: readonly string[]): void {
  if (handles.includes(recorded.type)) throw new UnreadableEventError(recorded);
}

/** Read model `users`: who a user is and how they appear (profile, image). */
export const usersProjection: Projection = {
  name: 'identity-users',
  handles: IDENTITY_EVENT_TYPES,
  async apply(recorded, trx) {
    const event = parseIdentityEvent(recorded);
    if (!event) return refuseUnreadable(recorded, IDENTITY_EVENT_TYPES);
    switch (event.type) {
      case 'identity.user-registered.v1': {
        const { userId, username, email, displayName, role, organisationId, registeredAt } = event.data;
        const row = {
          id: userId,
          username,
          email,
          display_name: displayName,
          role,
          organisation_id: organisationId,
          registered_at: registeredAt,
        };
        await trx('users').insert(row).onConflict('id').merge();
        return;
      }
      case 'identity.profile-changed.v1': {
        const { userId, displayName, bio, publicProfile } = event.data;
        await trx('users')
          .where({ id: userId })
          .update({ display_name: displayName, bio, public_profile: publicProfile });
        return;
      }
      case 'identity.profile-image-changed.v1':
        await trx('users').where({ id: event.data.userId }).update({ profile_image: event.data.imageURL });
        return;
      case 'identity.settings-changed.v1':
        return;
    }
  },
  async reset(trx) {
    await trx('users').delete();
  },
};

/** Read model `user_settings`: the display, sharing and integration sections, one row per user. */
export const userSettingsProjection: Projection = {
  name: 'identity-user-settings',
  handles: SETTINGS_EVENT_TYPES,
  async apply(recorded, trx) {
    const event = parseIdentityEvent(recorded);
    if (!event) return refuseUnreadable(recorded, SETTINGS_EVENT_TYPES);
    if (event.type === 'identity.user-registered.v1') {
      const row = {
        user_id: event.data.userId,
        display: JSON.stringify(DEFAULT_DISPLAY_SETTINGS),
        sharing: JSON.stringify(DEFAULT_SHARING_SETTINGS),
        integrations: JSON.stringify(DEFAULT_INTEGRATION_SETTINGS),
      };
      // A replayed registration must not wipe settings changed after it.
      await trx('user_settings').insert(row).onConflict('user_id').ignore();
    } else if (event.type === 'identity.settings-changed.v1') {
      const { userId, section, values } = event.data;
      await trx('user_settings')
        .where({ user_id: userId })
        .update({ [section]: JSON.stringify(values) });
    }
  },
  async reset(trx) {
    await trx('user_settings').delete();
  },
};
