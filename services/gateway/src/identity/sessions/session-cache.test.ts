import type { UserSettings } from '@yoman/contracts';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import {
  expectRefusal,
  FIREFOX_ON_LINUX,
  identityTestAppPerFile,
  logIn,
  signUp,
} from '../testing/identity-test-app';
import { createSessionCache } from './session-cache';
import { openSession, revokeDevice, revokeSession } from './session-store';

const harness = identityTestAppPerFile();

const me = (cookie: string) =>
  harness.app.inject({ method: 'GET', url: '/api/user-settings', headers: { cookie } });

/** The session lookup's statement (sessions joined with users) and the revocation count's read. */
const SESSION_LOOKUP = 'from "sessions" inner join "users"';
const COUNT_READ = 'from "session_revocations"';

/** Runs `action` and answers the statements it sent to the database that contain `text`. */
async function statementsOn(db: Knex, text: string, action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => {
    if (query.sql.includes(text)) seen.push(query.sql);
  };
  db.on('query', listener);
  try {
    await action();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}

// The HTTP tests run in the mode of the test database: PGlite here, PostgreSQL under `npm run test:infra`.
const onPostgres = () => Boolean(harness.platform.config.databaseUrl);

describe('the session cache through HTTP (PGlite, or PostgreSQL under test:infra)', () => {
  it('serves a known session without the lookup: no query on PGlite, the one-row count on PostgreSQL', async () => {
    const { cookie } = await signUp(harness.app, 1);
    expect((await me(cookie)).statusCode).toBe(200);
    const db = harness.platform.db;
    const call = async () => expect((await me(cookie)).statusCode).toBe(200);
    expect(await statementsOn(db, SESSION_LOOKUP, call)).toEqual([]);
    expect(await statementsOn(db, COUNT_READ, call)).toHaveLength(onPostgres() ? 1 : 0);
  });

  it('refuses a cached session on the very next request after logout', async () => {
    const { cookie } = await signUp(harness.app, 1);
    expect((await me(cookie)).statusCode).toBe(200);
    const logout = await harness.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expectRefusal(await me(cookie), 401);
  });

  it('refuses a cached device on its very next request after another device disconnects it', async () => {
    const { cookie } = await signUp(harness.app, 1);
    const laptop = await logIn(harness.app, 1, FIREFOX_ON_LINUX);
    expect((await me(laptop)).statusCode).toBe(200);
    const devices = (await me(cookie)).json().security
      .connectedDevices as UserSettings['security']['connectedDevices'];
    const other = devices.find((device) => !device.current)!;
    const disconnect = await harness.app.inject({
      method: 'DELETE',
      url: `/api/auth/devices/${other.id}`,
      headers: { cookie },
    });
    expect(disconnect.statusCode).toBe(200);
    expectRefusal(await me(laptop), 401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses the session a new login replaced on the same browser', async () => {
    const { cookie } = await signUp(harness.app, 1);
    expect((await me(cookie)).statusCode).toBe(200);
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'trader1@example.com', password: 'correct horse battery' },
      headers: { cookie },
    });
    expect(login.statusCode).toBe(200);
    expectRefusal(await me(cookie), 401);
  });

  it('still refuses a cached session once it has been idle for the idle lifetime', async () => {
    const { cookie } = await signUp(harness.app, 1);
    expect((await me(cookie)).statusCode).toBe(200);
    harness.clock.set('2026-01-12T09:00:01Z');
    expectRefusal(await me(cookie), 401);
  });
});

describe('the session cache, shared (PostgreSQL: another gateway process may revoke)', () => {
  const now = new Date('2026-01-05T09:00:00Z');

  async function openFor(n: number) {
    const user = await signUp(harness.app, n);
    return openSession(harness.platform.db, { userId: user.user.id, deviceName: 'x', rememberMe: true, now });
  }

  /** What another process does on logout: the row and the count in one transaction, nothing in this one. */
  async function revokeElsewhere(sessionId: string) {
    await harness.platform.db.transaction(async (trx) => {
      await trx('sessions').where({ id: sessionId }).update({ revoked_at: now });
      await trx('session_revocations')
        .insert({ id: 1, version: 1 })
        .onConflict('id')
        .merge({ version: trx.raw('session_revocations.version + 1') });
    });
  }

  it('reads only the revocation count for a cached session', async () => {
    const session = await openFor(1);
    const cache = createSessionCache(harness.platform.db, true);
    await cache.find(session.id, now);
    const db = harness.platform.db;
    expect(await statementsOn(db, SESSION_LOOKUP, () => cache.find(session.id, now))).toEqual([]);
    expect(await statementsOn(db, COUNT_READ, () => cache.find(session.id, now))).toHaveLength(1);
  });

  it('sees a revocation made by another process on the very next lookup', async () => {
    const session = await openFor(1);
    const cache = createSessionCache(harness.platform.db, true);
    expect((await cache.find(session.id, now))?.revokedAt).toBeNull();
    await revokeElsewhere(session.id);
    expect((await cache.find(session.id, now))?.revokedAt).toEqual(now);
  });

  it('sees the first revocation ever (no count row yet) and device disconnects', async () => {
    const first = await openFor(1);
    const second = await openFor(2);
    const cache = createSessionCache(harness.platform.db, true);
    await cache.find(first.id, now);
    await cache.find(second.id, now);
    await revokeSession(harness.platform.db, first.id, now);
    expect((await cache.find(first.id, now))?.revokedAt).toEqual(now);
    await revokeDevice(harness.platform.db, second.userId, second.deviceId, now);
    expect((await cache.find(second.id, now))?.revokedAt).toEqual(now);
  });

  it('never keeps a copy read before a revocation it raced with', async () => {
    const session = await openFor(1);
    const cache = createSessionCache(harness.platform.db, true);
    // The lookup reads the count, then the revocation commits, then the lookup reads the row.
    const lookup = cache.find(session.id, now);
    await revokeElsewhere(session.id);
    await lookup;
    expect((await cache.find(session.id, now))?.revokedAt).toEqual(now);
  });
});
