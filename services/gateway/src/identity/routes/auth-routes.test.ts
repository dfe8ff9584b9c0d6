import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHROME_ON_WINDOWS,
  expectRefusal,
  identityTestAppPerFile,
  logIn,
  registration,
  sessionCookieOf,
  signUp,
} from '../testing/identity-test-app';

const harness = identityTestAppPerFile();

const post = (url: string, payload?: object, cookie?: string) =>
  harness.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const currentUser = (cookie?: string) =>
  harness.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('POST /api/register', () => {
  it('makes the first user of an empty installation a mentor with a new organisation', async () => {
    const { user } = await signUp(harness.app, 1);
    expect(user).toMatchObject({ username: 'trader1', email: 'trader1@example.com', role: 'mentor' });
    expect(user.organisationId).toEqual(expect.any(String));
    expect(user.profileImage).toBeNull();
  });

  it('makes every later self-registration a student without an organisation', async () => {
    await signUp(harness.app, 1);
    const { user } = await signUp(harness.app, 2);
    expect(user).toMatchObject({ role: 'student', organisationId: null, displayName: 'סוחר 2' });
  });

  it('starts a remembered session, so the new user is signed in', async () => {
    const response = await post('/api/register', registration(1));
    const cookie = response.cookies.find((candidate) => candidate.name === 'yoman_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
    expect((await currentUser(sessionCookieOf(response))).json()).toMatchObject({ username: 'trader1' });
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    await signUp(harness.app, 1);
    const [row] = await harness.platform.db('identity_credentials').select('password_hash');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(registration(1).password);
  });

  it('refuses an e-mail already registered, whatever its letter case', async () => {
    await signUp(harness.app, 1);
    const again = { ...registration(2), email: 'Trader1@Example.COM' };
    expectRefusal(await post('/api/register', again), 409, 'EMAIL_TAKEN');
  });

  it('refuses a username already taken, whatever its letter case', async () => {
    await signUp(harness.app, 1);
    const again = { ...registration(2), username: 'TRADER1' };
    expectRefusal(await post('/api/register', again), 409, 'USERNAME_TAKEN');
  });

  for (const field of ['username', 'email', 'password', 'displayName'] as const) {
    it(`refuses a registration without ${field}`, async () => {
      const { [field]: _left, ...rest } = registration(1);
      expectRefusal(await post('/api/register', rest), 400);
    });
  }

  it('refuses an invalid e-mail address', async () => {
    expectRefusal(await post('/api/register', { ...registration(1), email: 'not-an-address' }), 400);
  });

  it('refuses a password shorter than 8 characters', async () => {
    expectRefusal(await post('/api/register', { ...registration(1), password: '1234567' }), 400);
  });

  it('refuses a blank display name', async () => {
    expectRefusal(await post('/api/register', { ...registration(1), displayName: '   ' }), 400);
  });

  it('refuses a display name with a lone surrogate, naming the field, and registers nobody', async () => {
    // Valid JSON ("\ud800"), but not text: PostgreSQL refuses it in the event's jsonb.
    const response = await post('/api/register', { ...registration(1), displayName: 'סוחר \ud800' });
    expect(expectRefusal(response, 400, 'VALIDATION_FAILED')).toMatchObject({
      issues: [{ path: ['displayName'] }],
    });
    const { user } = await signUp(harness.app, 1);
    expect(user).toMatchObject({ username: 'trader1', role: 'mentor' });
  });

  it('throttles registrations per address: the 21st in 15 minutes is refused with 429 in Hebrew', async () => {
    const register = (n: number, remoteAddress = '203.0.113.50') =>
      harness.app.inject({ method: 'POST', url: '/api/register', payload: registration(n), remoteAddress });
    for (let n = 1; n <= 19; n++) expect((await register(n)).statusCode).toBe(200);
    // A refused registration (the e-mail is taken) counts as well.
    expectRefusal(await register(1), 409);
    const blocked = await register(20);
    expect(expectRefusal(blocked, 429, 'TOO_MANY_REQUESTS').message).toBe(
      'יותר מדי הרשמות מכתובת זו. נסו שוב בעוד 15 דקות',
    );
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    expect((await register(20, '203.0.113.51')).statusCode).toBe(200);
    harness.clock.advance(15 * 60_000);
    expect((await register(21)).statusCode).toBe(200);
  });
});

describe('POST /api/login', () => {
  beforeEach(async () => {
    await signUp(harness.app, 1);
  });

  it('answers the user and a browser-session cookie without "remember me"', async () => {
    const { email, password } = registration(1);
    const response = await post('/api/login', { email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'trader1', role: 'mentor' });
    const cookie = response.cookies.find((candidate) => candidate.name === 'yoman_session');
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
  });

  it('answers a 30-day cookie with "remember me"', async () => {
    const { email, password } = registration(1);
    const response = await post('/api/login', { email, password, rememberMe: true });
    const cookie = response.cookies.find((candidate) => candidate.name === 'yoman_session');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
  });

  it('opens a new session at every login', async () => {
    const first = await logIn(harness.app, 1);
    const second = await logIn(harness.app, 1);
    expect(first).not.toBe(second);
    const sessions = await harness.platform.db('sessions').count('* as count').first();
    expect(Number(sessions?.count)).toBe(3);
  });

  it('refuses a wrong password with the Hebrew message', async () => {
    const response = await post('/api/login', { email: registration(1).email, password: 'wrong password' });
    expect(expectRefusal(response, 401, 'INVALID_CREDENTIALS').message).toBe('אימייל או סיסמה שגויים');
  });

  it('refuses an unknown e-mail with the same message', async () => {
    const response = await post('/api/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(expectRefusal(response, 401).message).toBe('אימייל או סיסמה שגויים');
  });

  it('refuses a login without e-mail, without password or with a malformed e-mail', async () => {
    expectRefusal(await post('/api/login', { password: 'whatever1' }), 400);
    expectRefusal(await post('/api/login', { email: registration(1).email }), 400);
    expectRefusal(await post('/api/login', { email: 'trader1', password: 'whatever1' }), 400);
    expectRefusal(await post('/api/login', { ...registration(1), rememberMe: 'yes' }), 400);
  });

  it('blocks an account on an address after 5 failures in 15 minutes, with Retry-After', async () => {
    const { email, password } = registration(1);
    for (let attempt = 0; attempt < 5; attempt++) {
      expectRefusal(await post('/api/login', { email, password: 'wrong password' }), 401);
      harness.clock.advance(60_000);
    }
    const blocked = await post('/api/login', { email, password });
    expectRefusal(blocked, 429, 'TOO_MANY_REQUESTS');
    // The first failure (at 09:00) leaves the window at 09:15; it is now 09:05.
    expect(blocked.headers['retry-after']).toBe(String(10 * 60));
    harness.clock.advance(10 * 60_000);
    expect((await post('/api/login', { email, password })).statusCode).toBe(200);
  });

  it('blocks an address after 20 failures across accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      await post('/api/login', { email: `guess${attempt}@example.com`, password: 'wrong password' });
    }
    const { email, password } = registration(1);
    const blocked = await post('/api/login', { email, password });
    expectRefusal(blocked, 429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a stranger cannot lock the owner out', () => {
  const STRANGER = '203.0.113.7';
  const OWNER = '198.51.100.20';
  const { email, password } = registration(1);
  const login = (remoteAddress: string, body: object, cookie?: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: body,
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
  const guess = (remoteAddress: string, cookie?: string) =>
    login(remoteAddress, { email, password: 'wrong password' }, cookie);
  /** The `yoman_device` cookie a sign-in gave the browser. */
  const deviceCookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((candidate) => candidate.name === 'yoman_device');
    expect(cookie, 'known-device cookie').toMatchObject({ httpOnly: true, path: '/api/login' });
    return `yoman_device=${encodeURIComponent(cookie!.value)}`;
  };

  beforeEach(async () => {
    await signUp(harness.app, 1);
  });

  it("5 wrong passwords from a stranger's address block that address only; the owner signs in", async () => {
    for (let attempt = 0; attempt < 5; attempt++) expectRefusal(await guess(STRANGER), 401);
    expectRefusal(await login(STRANGER, { email, password }), 429, 'TOO_MANY_REQUESTS');
    expect((await login(OWNER, { email, password })).statusCode).toBe(200);
  });

  it('guessing spread over many addresses is stopped for unknown devices at 50, yet a known device gets in', async () => {
    const known = deviceCookieOf(await login(OWNER, { email, password }));
    for (let attempt = 0; attempt < 50; attempt++) {
      expectRefusal(await guess(`203.0.113.${Math.floor(attempt / 4)}`), 401);
    }
    expectRefusal(await login('192.0.2.99', { email, password }), 429, 'TOO_MANY_REQUESTS');
    expectRefusal(await guess('192.0.2.98'), 429);
    const owner = await login(OWNER, { email, password }, known);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("a known device gets in even when a stranger on the owner's own address is blocked there", async () => {
    const known = deviceCookieOf(await login(OWNER, { email, password }));
    for (let attempt = 0; attempt < 20; attempt++) await guess(OWNER);
    expectRefusal(await login(OWNER, { email, password }), 429);
    expect((await login(OWNER, { email, password }, known)).statusCode).toBe(200);
  });

  it('a known device is throttled too: 5 wrong passwords from it block it', async () => {
    const known = deviceCookieOf(await login(OWNER, { email, password }));
    for (let attempt = 0; attempt < 5; attempt++) expectRefusal(await guess(OWNER, known), 401);
    expectRefusal(await login(OWNER, { email, password }, known), 429, 'TOO_MANY_REQUESTS');
  });

  it('a device known for another account is a stranger to this one', async () => {
    await signUp(harness.app, 2);
    const other = registration(2);
    const knownForOther = deviceCookieOf(
      await login(OWNER, { email: other.email, password: other.password }),
    );
    for (let attempt = 0; attempt < 5; attempt++) await guess(STRANGER, knownForOther);
    expectRefusal(await login(STRANGER, { email, password }, knownForOther), 429);
  });

  it('a forged device cookie counts for nothing', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await guess(STRANGER, 'yoman_device=forged');
    expectRefusal(await login(STRANGER, { email, password }, 'yoman_device=forged'), 429);
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 without a session', async () => {
    expectRefusal(await currentUser(), 401);
  });

  it('GET /api/user answers 401 for a forged cookie', async () => {
    expectRefusal(await currentUser('yoman_session=bm90IGEgc2Vzc2lvbg%3D%3D%3Bbm9uY2U%3D'), 401);
  });

  it('logout revokes the session: the old cookie is refused and cleared', async () => {
    const { cookie } = await signUp(harness.app, 1);
    const logout = await post('/api/logout', undefined, cookie);
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((candidate) => candidate.name === 'yoman_session')?.value).toBe('');
    const after = await currentUser(cookie);
    expectRefusal(after, 401);
    expect(after.cookies.find((candidate) => candidate.name === 'yoman_session')?.value).toBe('');
  });

  it('logout without a session still answers 200', async () => {
    expect((await post('/api/logout')).statusCode).toBe(200);
  });

  it('refuses a session idle for 7 days and keeps one used daily', async () => {
    const { cookie } = await signUp(harness.app, 1);
    const other = await logIn(harness.app, 1);
    for (let day = 0; day < 6; day++) {
      harness.clock.advance(24 * 3600_000);
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
    harness.clock.advance(24 * 3600_000);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    expectRefusal(await currentUser(other), 401);
  });

  it('refuses any session 30 days after its login, however active', async () => {
    const { cookie } = await signUp(harness.app, 1);
    for (let day = 0; day < 29; day++) {
      harness.clock.advance(24 * 3600_000);
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
    harness.clock.advance(24 * 3600_000);
    expectRefusal(await currentUser(cookie), 401);
  });

  it('names the device from its user agent', async () => {
    await signUp(harness.app, 1, CHROME_ON_WINDOWS);
    const [row] = await harness.platform.db('sessions').select('device_name');
    expect(row.device_name).toBe('Chrome על Windows');
  });
});
