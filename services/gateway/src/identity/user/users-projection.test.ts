import { parseIdentityEvent } from '@yoman/contracts';
import { UnreadableEventError } from '@yoman/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTestApp, signUp } from '../testing/identity-test-app';
import { userSettingsProjection, usersProjection } from './users-projection';

let harness: Awaited<ReturnType<typeof identityTestApp>>;
let cookie: string;
beforeAll(async () => {
  harness = await identityTestApp();
  await signUp(harness.app, 1);
  cookie = (await signUp(harness.app, 2)).cookie;
  const settings = (payload: object) =>
    harness.app.inject({ method: 'PUT', url: '/api/user-settings', payload, headers: { cookie } });
  await settings({ profile: { displayName: 'דנה', bio: 'ביו', publicProfile: true } });
  await settings({
    display: { currency: 'EUR', timezone: 'Europe/London', numberFormat: 'period', rtlLayout: false },
  });
  await settings({
    sharing: {
      blurAmounts: false,
      shareWinRate: false,
      shareRMultiple: false,
      shareScreenshots: true,
      shareSetups: false,
    },
  });
});
afterAll(() => harness.close());

const readModels = async () => ({
  users: await harness.platform.db('users').orderBy('id'),
  settings: await harness.platform.db('user_settings').orderBy('user_id'),
});

describe('identity read models', () => {
  it('rebuild from the event store to the same rows, twice over', async () => {
    const live = await readModels();
    expect(live.users).toHaveLength(2);
    await harness.platform.projections.rebuild('identity-users');
    await harness.platform.projections.rebuild('identity-user-settings');
    expect(await readModels()).toEqual(live);
    await harness.platform.projections.rebuild();
    expect(await readModels()).toEqual(live);
  });

  it('change nothing when every event is delivered a second time', async () => {
    const live = await readModels();
    const events = await harness.platform.eventStore.readAll({ after: 0 });
    await harness.platform.db.transaction(async (trx) => {
      for (const event of events) {
        await usersProjection.apply(event, trx);
        await userSettingsProjection.apply(event, trx);
      }
    });
    expect(await readModels()).toEqual(live);
  });

  it('refuse an event whose data they cannot read (the runner records and skips it), changing nothing', async () => {
    const bad = { type: 'identity.profile-changed.v1', data: { userId: 42 } };
    expect(parseIdentityEvent(bad)).toBeUndefined();
    expect(parseIdentityEvent({ type: 'trade.logged.v1', data: {} })).toBeUndefined();
    const live = await readModels();
    const [first] = await harness.platform.eventStore.readAll({ after: 0, limit: 1 });
    const applying = harness.platform.db.transaction((trx) =>
      usersProjection.apply({ ...first!, ...bad }, trx),
    );
    await expect(applying).rejects.toBeInstanceOf(UnreadableEventError);
    expect(await readModels()).toEqual(live);
  });
});
