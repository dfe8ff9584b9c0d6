import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@yoman/contracts';
import type { Knex } from 'knex';
import { SESSION_ABSOLUTE_LIFETIME } from './lifetime';
import { counted } from './session-cache';

export interface StoredSession {
  id: string;
  deviceId: string;
  userId: string;
  deviceName: string;
  rememberMe: boolean;
  createdAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A live session joined with what the caller needs from its user. */
export interface SessionWithUser extends StoredSession {
  role: Role;
  organisationId: string | null;
}

interface SessionRow {
  id: string;
  device_id: string;
  user_id: string;
  device_name: string;
  remember_me: boolean;
  created_at: Date | string;
  last_active_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRow(row: SessionRow): StoredSession {
  return {
    id: row.id,
    deviceId: row.device_id,
    userId: row.user_id,
    deviceName: row.device_name,
    rememberMe: row.remember_me,
    createdAt: asDate(row.created_at),
    lastActiveAt: asDate(row.last_active_at),
    expiresAt: asDate(row.expires_at),
    revokedAt: row.revoked_at === null ? null : asDate(row.revoked_at),
  };
}

/** Opens a new session (a fresh id at every login) for one device of a user. */
export async function openSession(
  db: Knex,
  input: { userId: string; deviceName: string; rememberMe: boolean; now: Date },
): Promise<StoredSession> {
  const row: SessionRow = {
    // The session id only travels inside the encrypted cookie; devices are named by a separate public id.
    id: randomBytes(32).toString('base64url'),
    device_id: randomUUID(),
    user_id: input.userId,
    device_name: input.deviceName,
    remember_me: input.rememberMe,
    created_at: input.now,
    last_active_at: input.now,
    expires_at: new Date(input.now.getTime() + SESSION_ABSOLUTE_LIFETIME.toMillis()),
    revoked_at: null,
  };
  await db('sessions').insert(row);
  return fromRow(row);
}

/** The session with this id and its user's role, or null when either is gone. */
export async function findSession(db: Knex, sessionId: string): Promise<SessionWithUser | null> {
  const row = await db('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .where('sessions.id', sessionId)
    .first('sessions.*', 'users.role as role', 'users.organisation_id as organisation_id');
  if (!row) return null;
  return {
    ...fromRow(row),
    role: row.role === 'mentor' ? 'mentor' : 'student',
    organisationId: row.organisation_id ?? null,
  };
}

export async function touchSession(db: Knex, sessionId: string, now: Date): Promise<void> {
  await db('sessions').where({ id: sessionId }).update({ last_active_at: now });
}

export async function revokeSession(db: Knex, sessionId: string, now: Date): Promise<void> {
  await counted(db, (trx) =>
    trx('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: now }),
  );
}

/** Revokes one device of a user; false when the user has no such live device. */
export async function revokeDevice(db: Knex, userId: string, deviceId: string, now: Date): Promise<boolean> {
  const changed = await counted(db, (trx) =>
    trx('sessions')
      .where({ user_id: userId, device_id: deviceId })
      .whereNull('revoked_at')
      .where('expires_at', '>', now)
      .update({ revoked_at: now }),
  );
  return changed > 0;
}

/** Sessions of a user that have not been revoked and have not reached their absolute end, newest use first. */
export async function listOpenSessions(db: Knex, userId: string, now: Date): Promise<StoredSession[]> {
  const rows: SessionRow[] = await db('sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', now)
    .orderBy('last_active_at', 'desc');
  return rows.map(fromRow);
}
