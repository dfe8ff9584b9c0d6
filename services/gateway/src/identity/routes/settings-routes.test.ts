import type { UserSettings } from '@yoman/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLockPolicy } from '../organisations/organisation-events';
import {
  expectRefusal,
  FIREFOX_ON_LINUX,
  identityTestApp,
  logIn,
  signUp,
} from '../testing/identity-test-app';

let harness: Awaited<ReturnType<typeof identityTestApp>>;
let cookie: string;
beforeAll(async () => {
  harness = await identityTestApp();
});
beforeEach(async () => {
  await harness.reset();
  harness.clock.set('2026-01-05T09:00:00Z');
  await signUp(harness.app, 1);
  cookie = (await signUp(harness.app, 2)).cookie;
});
afterAll(() => harness.close());

const getSettings = (as = cookie) =>
  harness.app.inject({ method: 'GET', url: '/api/user-settings', headers: { cookie: as } });
const putSettings = (payload: object, as = cookie) =>
  harness.app.inject({ method: 'PUT', url: '/api/user-settings', payload, headers: { cookie: as } });
const disconnect = (id: string, as = cookie) =>
  harness.app.inject({ method: 'DELETE', url: `/api/auth/devices/${id}`, headers: { cookie: as } });

const profile = { displayName: 'דנה', bio: 'סוחרת מטבעות', publicProfile: true };
const display = { currency: 'USD', timezone: 'America/New_York', numberFormat: 'period', rtlLayout: false };
const sharing = {
  blurAmounts: false,
  shareWinRate: false,
  shareRMultiple: true,
  shareScreenshots: true,
  shareSetups: false,
};
const integrations = { autoExport: { enabled: true, frequency: 'weekly', provider: 'google_drive' } };

describe('GET /api/user-settings', () => {
  it('answers the spec defaults for a new student', async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(200);
    const settings = response.json() as UserSettings;
    expect(settings.profile).toEqual({ displayName: 'סוחר 2', bio: '', publicProfile: false });
    expect(settings.display).toEqual({
      currency: 'ILS',
      timezone: 'Asia/Jerusalem',
      numberFormat: 'comma',
      rtlLayout: true,
      monthlyGoalR: 10,
    });
    expect(settings.sharing).toEqual({
      blurAmounts: true,
      shareWinRate: true,
      shareRMultiple: true,
      shareScreenshots: false,
      shareSetups: true,
    });
    expect(settings.integrations).toEqual({
      autoExport: { enabled: false, frequency: 'monthly', provider: 'none' },
    });
    expect(settings.lockingPolicy).toMatchObject({ tradeLockHours: 24, weekendLocking: true });
    expect(settings.lockingPolicy.description).toContain('24 שעות');
  });

  it('lists the connected devices by name, marking the current one', async () => {
    await logIn(harness.app, 2, FIREFOX_ON_LINUX);
    const { connectedDevices } = (await getSettings()).json().security as UserSettings['security'];
    expect(connectedDevices).toHaveLength(2);
    expect(connectedDevices.find((device) => device.current)?.name).toBe('Chrome על Windows');
    expect(connectedDevices.find((device) => !device.current)?.name).toBe('Firefox על Linux');
    expect(connectedDevices[0]?.lastActive).toBe('2026-01-05T09:00:00.000Z');
  });

  it('updates last activity as the device is used, at most once a minute', async () => {
    harness.clock.advance(30_000);
    await getSettings();
    harness.clock.advance(60_000);
    const { connectedDevices } = (await getSettings()).json().security as UserSettings['security'];
    expect(connectedDevices[0]?.lastActive).toBe('2026-01-05T09:01:30.000Z');
  });

  it('shows the organisation locking policy to its mentor', async () => {
    const mentor = await logIn(harness.app, 1);
    const [organisation] = await harness.platform.db('organisations').pluck('id');
    await changeLockPolicy(harness.platform, organisation, { tradeLockHours: 48, weekendLocking: false });
    const settings = (await getSettings(mentor)).json() as UserSettings;
    expect(settings.lockingPolicy).toMatchObject({ tradeLockHours: 48, weekendLocking: false });
  });
});

describe('PUT /api/user-settings', () => {
  it('saves the profile section and shows it in the user', async () => {
    const response = await putSettings({ profile });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toEqual(profile);
    const user = await harness.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.json().displayName).toBe('דנה');
  });

  it('saves the display section and keeps the monthly goal when it is left out', async () => {
    const response = await putSettings({ display });
    expect(response.json().display).toEqual({ ...display, monthlyGoalR: 10 });
    const withGoal = await putSettings({ display: { ...display, monthlyGoalR: 12.5 } });
    expect(withGoal.json().display.monthlyGoalR).toBe(12.5);
  });

  it('saves the sharing and integrations sections', async () => {
    expect((await putSettings({ sharing })).json().sharing).toEqual(sharing);
    expect((await putSettings({ integrations })).json().integrations).toEqual(integrations);
    const settings = (await getSettings()).json() as UserSettings;
    expect(settings).toMatchObject({ sharing, integrations });
  });

  it('records each change as an identity event on the user stream', async () => {
    await putSettings({ sharing });
    await putSettings({ sharing });
    const events = await harness.platform.db('events').where({ type: 'identity.settings-changed.v1' });
    expect(events).toHaveLength(1);
  });

  it('refuses the locking policy: only the mentor sets it', async () => {
    const lockingPolicy = { tradeLockHours: 1, weekendLocking: false, description: '' };
    expectRefusal(await putSettings({ lockingPolicy }), 403, 'FORBIDDEN');
  });

  it('refuses the security section', async () => {
    expectRefusal(await putSettings({ security: { connectedDevices: [] } }), 400, 'SECURITY_READ_ONLY');
  });

  it('refuses values outside the option lists', async () => {
    expectRefusal(await putSettings({ display: { ...display, currency: 'GBP' } }), 400);
    expectRefusal(await putSettings({ display: { ...display, timezone: 'Asia/Tokyo' } }), 400);
    expectRefusal(await putSettings({ display: { ...display, numberFormat: 'space' } }), 400);
    expectRefusal(await putSettings({ display: { ...display, monthlyGoalR: -1 } }), 400);
    // A goal near zero would make the dashboard's progress infinite (found by Schemathesis).
    expectRefusal(await putSettings({ display: { ...display, monthlyGoalR: 5e-324 } }), 400);
    expectRefusal(await putSettings({ display: { ...display, monthlyGoalR: 0.05 } }), 400);
    const badExport = { autoExport: { ...integrations.autoExport, provider: 'onedrive' } };
    expectRefusal(await putSettings({ integrations: badExport }), 400);
    const badFrequency = { autoExport: { ...integrations.autoExport, frequency: 'hourly' } };
    expectRefusal(await putSettings({ integrations: badFrequency }), 400);
  });

  it('refuses a partial section, two sections, unknown fields and an empty body', async () => {
    expectRefusal(await putSettings({ profile: { displayName: 'דנה' } }), 400);
    expectRefusal(await putSettings({ profile, sharing }), 400);
    expectRefusal(await putSettings({ sharing: { ...sharing, extra: true } }), 400);
    expectRefusal(await putSettings({}), 400);
    expectRefusal(await putSettings({ profile: { ...profile, displayName: '' } }), 400);
    expectRefusal(await putSettings({ sharing: { ...sharing, blurAmounts: 'yes' } }), 400);
  });
});

describe('DELETE /api/auth/devices/{id}', () => {
  it("disconnects one of the caller's devices: its next request is refused", async () => {
    const laptop = await logIn(harness.app, 2, FIREFOX_ON_LINUX);
    const devices = (await getSettings()).json().security
      .connectedDevices as UserSettings['security']['connectedDevices'];
    const other = devices.find((device) => !device.current)!;
    const response = await disconnect(other.id);
    expect(response.statusCode).toBe(200);
    expectRefusal(await getSettings(laptop), 401);
    expect((await getSettings()).json().security.connectedDevices).toHaveLength(1);
  });

  it("answers 404 for another user's device and leaves it connected", async () => {
    const mentor = await logIn(harness.app, 1);
    const mentorDevice = (await getSettings(mentor)).json().security.connectedDevices[0].id as string;
    expectRefusal(await disconnect(mentorDevice), 404, 'NOT_FOUND');
    expect((await getSettings(mentor)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or already disconnected device', async () => {
    expectRefusal(await disconnect('0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f'), 404);
    const laptop = await logIn(harness.app, 2, FIREFOX_ON_LINUX);
    const id = (await getSettings(laptop))
      .json()
      .security.connectedDevices.find((d: { current: boolean }) => d.current).id;
    expect((await disconnect(id)).statusCode).toBe(200);
    expectRefusal(await disconnect(id), 404);
  });

  it('refuses a malformed or 5,000-character id with 400 naming the parameter', async () => {
    for (const id of ['not-a-uuid', 'a'.repeat(5000)]) {
      const response = await disconnect(id);
      expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(response.json().issues).toEqual([{ path: ['id'], message: 'מזהה לא תקין' }]);
    }
  });
});

describe('signed-out callers', () => {
  it('get 401 from every settings route, before their body is looked at', async () => {
    expectRefusal(await getSettings(''), 401);
    expectRefusal(await putSettings({ profile }, ''), 401);
    expectRefusal(await putSettings({ lockingPolicy: {} }, ''), 401);
    expectRefusal(await disconnect('any', ''), 401);
  });
});
