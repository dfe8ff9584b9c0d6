import type { IdentityEvent } from '@yoman/contracts';
import { describe, expect, it } from 'vitest';
import { decideUser, type UserCommand } from './decide';
import { evolveUser, initialUserState } from './user';

const registered: IdentityEvent = {
  type: 'identity.user-registered.v1',
  data: {
    userId: 'u1',
    username: 'dana',
    email: 'dana@example.com',
    displayName: 'דנה לוי',
    role: 'student',
    organisationId: null,
    registeredAt: '2026-01-01T10:00:00.000Z',
  },
};

/** given(events).when(command) → the events decided (or the error thrown). */
const given = (events: IdentityEvent[]) => ({
  when: (command: UserCommand) => decideUser(command, events.reduce(evolveUser, initialUserState())),
});

const display = {
  currency: 'USD',
  timezone: 'Europe/London',
  numberFormat: 'period',
  rtlLayout: false,
} as const;

describe('user decisions', () => {
  it('registers a new user', () => {
    const { data } = registered as Extract<IdentityEvent, { type: 'identity.user-registered.v1' }>;
    const command = { type: 'register', ...data, now: new Date(data.registeredAt) } as const;
    expect(given([]).when(command)).toEqual([registered]);
  });

  it('refuses to register the same user twice', () => {
    const { data } = registered as Extract<IdentityEvent, { type: 'identity.user-registered.v1' }>;
    expect(() => given([registered]).when({ type: 'register', ...data, now: new Date() })).toThrow(
      /כבר רשום/,
    );
  });

  it('refuses changes to a user who never registered', () => {
    expect(() => given([]).when({ type: 'change-profile-image', imageURL: '/x.png' })).toThrow(/לא נמצא/);
  });

  it('records a changed profile', () => {
    const profile = { displayName: 'דנה', bio: 'סוחרת יום', publicProfile: true };
    expect(given([registered]).when({ type: 'change-profile', profile })).toEqual([
      { type: 'identity.profile-changed.v1', data: { userId: 'u1', ...profile } },
    ]);
  });

  it('records nothing when a section is sent back unchanged', () => {
    const profile = { publicProfile: false, bio: '', displayName: 'דנה לוי' };
    expect(given([registered]).when({ type: 'change-profile', profile })).toEqual([]);
  });

  it('keeps the monthly goal when the display section leaves it out', () => {
    expect(given([registered]).when({ type: 'change-display', display })).toEqual([
      {
        type: 'identity.settings-changed.v1',
        data: { userId: 'u1', section: 'display', values: { ...display, monthlyGoalR: 10 } },
      },
    ]);
  });

  it('folds a settings change into the state the next command sees', () => {
    const changed: IdentityEvent = {
      type: 'identity.settings-changed.v1',
      data: { userId: 'u1', section: 'display', values: { ...display, monthlyGoalR: 15 } },
    };
    expect(given([registered, changed]).when({ type: 'change-display', display })).toEqual([]);
  });

  it('records sharing and integration changes as their own sections', () => {
    const sharing = {
      blurAmounts: false,
      shareWinRate: true,
      shareRMultiple: true,
      shareScreenshots: true,
      shareSetups: true,
    };
    const integrations = { autoExport: { enabled: true, frequency: 'weekly', provider: 'dropbox' } } as const;
    expect(given([registered]).when({ type: 'change-sharing', sharing })[0]?.data).toMatchObject({
      section: 'sharing',
      values: sharing,
    });
    expect(given([registered]).when({ type: 'change-integrations', integrations })[0]?.data).toMatchObject({
      section: 'integrations',
      values: integrations,
    });
  });

  it('records a new profile image once', () => {
    const image: IdentityEvent = {
      type: 'identity.profile-image-changed.v1',
      data: { userId: 'u1', imageURL: '/api/uploads/files/a.png' },
    };
    expect(
      given([registered]).when({ type: 'change-profile-image', imageURL: '/api/uploads/files/a.png' }),
    ).toEqual([image]);
    expect(
      given([registered, image]).when({ type: 'change-profile-image', imageURL: '/api/uploads/files/a.png' }),
    ).toEqual([]);
  });
});
