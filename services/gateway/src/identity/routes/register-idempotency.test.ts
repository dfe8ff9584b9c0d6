// POST /api/register with an idempotency key: the same registration sent again (its answer lost, or a 503 after
// the account was stored) signs in to the account it created instead of answering "name taken".

import { IDEMPOTENCY_KEY_HEADER } from '@yoman/contracts';
import { requestDigestOf, unavailable } from '@yoman/platform';
import { describe, expect, it, vi } from 'vitest';
import {
  expectRefusal,
  identityTestAppPerFile,
  registration,
  sessionCookieOf,
} from '../testing/identity-test-app';

const harness = identityTestAppPerFile();

const KEY = 'b7e1c2d4a9f04e5b8c3d2a1f0e9d8c7b';

const register = (body: object, key?: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
const currentUser = (cookie: string) =>
  harness.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const accounts = async () => (await harness.platform.db('identity_credentials').count({ n: '*' }))[0]?.n;

describe('POST /api/register with an idempotency key', () => {
  it('after a 503 whose account was stored, the same registration signs in to that account', async () => {
    const waitFor = vi.spyOn(harness.platform.projections, 'waitFor').mockRejectedValueOnce(unavailable());
    try {
      const failed = await register(registration(1), KEY);
      expect(failed.statusCode).toBe(503);
      expect(Number(await accounts())).toBe(1);
      const again = await register(registration(1), KEY);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ username: 'trader1', role: 'mentor' });
      expect((await currentUser(sessionCookieOf(again))).json()).toMatchObject({ username: 'trader1' });
      expect(Number(await accounts())).toBe(1);
    } finally {
      waitFor.mockRestore();
    }
  });

  it('sent twice, answers the same user both times and creates one account', async () => {
    const first = await register(registration(1), KEY);
    const second = await register(registration(1), KEY);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(Number(await accounts())).toBe(1);
  });

  it('sent at the same moment twice, creates one account and answers it to both', async () => {
    const [one, two] = await Promise.all([register(registration(1), KEY), register(registration(1), KEY)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().id).toBe(two.json().id);
    expect(Number(await accounts())).toBe(1);
  });

  it.each([
    ['another password', { password: 'another-password-1' }],
    ['another display name', { displayName: 'שם אחר' }],
  ])(
    'with %s is refused with 422, signs nobody in and keeps the account as it was',
    async (_name, change) => {
      const first = await register(registration(1), KEY);
      const changed = await register({ ...registration(1), ...change }, KEY);
      const body = expectRefusal(changed, 422, 'IDEMPOTENCY_KEY_REUSED');
      expect(body.message).toBe('ההרשמה כבר נשמרה בניסיון הקודם, עם פרטים אחרים. התחברו עם הפרטים שנשמרו אז');
      expect(changed.cookies.find((cookie) => cookie.name === 'yoman_session')).toBeUndefined();
      expect((await currentUser(sessionCookieOf(first))).json()).toMatchObject({ displayName: 'סוחר 1' });
      expect(Number(await accounts())).toBe(1);
    },
  );

  it('another registration under a key already used creates nothing and is refused (the key names one account)', async () => {
    await register(registration(1), KEY);
    expectRefusal(await register(registration(2), KEY), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(Number(await accounts())).toBe(1);
  });

  it('the same names under another key are still taken', async () => {
    await register(registration(1), KEY);
    expectRefusal(await register(registration(1), `${KEY}-other`), 409, 'EMAIL_TAKEN');
  });

  it('stores no hash a password could be guessed from: the digest leaves the password out', async () => {
    await register(registration(1), KEY);
    const { rows } = await harness.platform.db.raw<{ rows: { metadata: string }[] }>(
      'select metadata::text from events',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { metadata } of rows) expect(metadata).not.toContain(registration(1).password);
    const { password: _p, ...described } = registration(1);
    expect(rows.map((row) => JSON.parse(row.metadata).requestSha256)).toContain(requestDigestOf(described));
  });

  it('a malformed key is 400 naming the header, and no account is created', async () => {
    const response = await register(registration(1), 'short');
    const body = expectRefusal(response, 400);
    expect(body).toMatchObject({
      issues: [{ path: [IDEMPOTENCY_KEY_HEADER], message: 'מפתח השמירה אינו תקין' }],
    });
    expect(Number(await accounts())).toBe(0);
  });
});
