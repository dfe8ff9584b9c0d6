import type { IdentityEvent } from '@yoman/contracts';
import { deciderSpecification } from '@yoman/platform/testing';
import { describe, it } from 'vitest';
import { type RegisterUser, userDecider } from './decider';

const { given } = deciderSpecification(userDecider);

const USER_ID = 'u1';
const REGISTERED_AT = '2026-01-01T10:00:00.000Z';
const at = (iso = REGISTERED_AT) => ({ now: new Date(iso) });

const registration = {
  userId: USER_ID,
  username: 'dana',
  email: 'dana@example.com',
  displayName: 'דנה לוי',
  role: 'student',
  organisationId: null,
} as const;
const register = (now = REGISTERED_AT): RegisterUser => ({
  type: 'RegisterUser',
  data: registration,
  metadata: at(now),
});
const registered: IdentityEvent = {
  type: 'identity.user-registered.v1',
  data: { ...registration, registeredAt: REGISTERED_AT },
};

// Changes come from the registered user a day after registering.
const later = at('2026-01-02T10:00:00.000Z');
const own = { userId: USER_ID };

const display = {
  currency: 'USD',
  timezone: 'Europe/London',
  numberFormat: 'period',
  rtlLayout: false,
} as const;
const settingsChanged = (section: 'display' | 'sharing' | 'integrations', values: object): IdentityEvent =>
  ({ type: 'identity.settings-changed.v1', data: { userId: USER_ID, section, values } }) as IdentityEvent;
const IMAGE = '/api/uploads/files/a.png';
const imageChanged: IdentityEvent = {
  type: 'identity.profile-image-changed.v1',
  data: { userId: USER_ID, imageURL: IMAGE },
};

describe('registering a user', () => {
  it('records the registration at the time the command carries', () => {
    given().when(register()).thenEmits([registered]);
  });

  it('the same user twice is refused', () => {
    given(registered).when(register('2026-01-03T10:00:00.000Z')).thenRefuses('USER_EXISTS', 'conflict');
  });
});

describe('changing a profile and its settings', () => {
  it('a user who never registered is not found', () => {
    given()
      .when({ type: 'ChangeProfileImage', data: { ...own, imageURL: '/x.png' }, metadata: later })
      .thenRefuses('NOT_FOUND', 'not_found');
  });

  it('a changed profile is recorded', () => {
    const profile = { displayName: 'דנה', bio: 'סוחרת יום', publicProfile: true };
    given(registered)
      .when({ type: 'ChangeProfile', data: { ...own, profile }, metadata: later })
      .thenEmits([{ type: 'identity.profile-changed.v1', data: { userId: USER_ID, ...profile } }]);
  });

  it('a section sent back unchanged, in any key order, records nothing', () => {
    const profile = { publicProfile: false, bio: '', displayName: 'דנה לוי' };
    given(registered)
      .when({ type: 'ChangeProfile', data: { ...own, profile }, metadata: later })
      .thenNothing();
  });

  it('the display section keeps the monthly goal when the client leaves it out', () => {
    given(registered)
      .when({ type: 'ChangeDisplay', data: { ...own, display }, metadata: later })
      .thenEmits([settingsChanged('display', { ...display, monthlyGoalR: 10 })]);
  });

  it('a settings change folds into the state the next command sees', () => {
    given(registered, settingsChanged('display', { ...display, monthlyGoalR: 15 }))
      .when({ type: 'ChangeDisplay', data: { ...own, display }, metadata: later })
      .thenNothing();
  });

  it('sharing and integrations are recorded as sections of their own', () => {
    const sharing = {
      blurAmounts: false,
      shareWinRate: true,
      shareRMultiple: true,
      shareScreenshots: true,
      shareSetups: true,
    };
    const integrations = { autoExport: { enabled: true, frequency: 'weekly', provider: 'dropbox' } } as const;
    given(registered)
      .when({ type: 'ChangeSharing', data: { ...own, sharing }, metadata: later })
      .thenEmits([settingsChanged('sharing', sharing)]);
    given(registered)
      .when({ type: 'ChangeIntegrations', data: { ...own, integrations }, metadata: later })
      .thenEmits([settingsChanged('integrations', integrations)]);
  });

  it('a new profile image is recorded once', () => {
    given(registered)
      .when({ type: 'ChangeProfileImage', data: { ...own, imageURL: IMAGE }, metadata: later })
      .thenEmits([imageChanged]);
    given(registered, imageChanged)
      .when({ type: 'ChangeProfileImage', data: { ...own, imageURL: IMAGE }, metadata: later })
      .thenNothing();
  });
});
