import { randomUUID } from 'node:crypto';
import type { RegisterBody, Role } from '@yoman/contracts';
import { conflict, notFound, type Platform } from '@yoman/platform';
import type { Knex } from 'knex';
import { createOrganisation } from '../organisations/organisation-events';
import type { RegisterUser } from '../user/decider';
import { registerUser } from '../user/user-commands';
import { emailKey, usernameKey } from './account-keys';
import { hashPassword } from './password';

/** How the new account joins an organisation: by the installation's rules, or as an admin-made mentor. */
export type Enrolment =
  | { kind: 'self-registration' }
  | { kind: 'mentor'; organisationId: string | null; organisationName?: string };

export interface RegisteredAccount {
  userId: string;
  role: Role;
  organisationId: string | null;
}

// Registrations take this transaction-scoped lock so that "first user of an empty installation" is decided
// by exactly one of two simultaneous sign-ups.
const REGISTRATION_LOCK = 724_100_001;

const UNIQUE_VIOLATION = '23505';

/**
 * Creates an account: credentials, an organisation when the user is a new mentor, and the
 * `identity.user-registered.v1` event, all in one transaction; answers once the read models show the user.
 */
export async function registerAccount(
  platform: Platform,
  input: RegisterBody,
  enrolment: Enrolment,
): Promise<RegisteredAccount> {
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const now = platform.clock.now();
  let account: RegisteredAccount | undefined;
  let position = 0;
  try {
    await platform.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [REGISTRATION_LOCK]);
      await refuseTakenNames(trx, input);
      account = await placeAccount(trx, platform, { userId, input, enrolment, now });
      const { username, email, displayName } = input;
      position = await writeAccount(
        platform,
        trx,
        { ...account, username, email, displayName },
        passwordHash,
        now,
      );
    });
  } catch (error) {
    throw asTakenNameConflict(error) ?? error;
  }
  await platform.projections.waitFor(position);
  if (!account) throw new Error('registration transaction ended without an account');
  return account;
}

/**
 * Writes an account inside the caller's transaction: its credentials and the `identity.user-registered.v1`
 * event; answers the event's position, to wait on once the transaction commits.
 */
export async function writeAccount(
  platform: Platform,
  trx: Knex.Transaction,
  user: RegisterUser['data'],
  passwordHash: string,
  now: Date,
): Promise<number> {
  await trx('identity_credentials').insert({
    user_id: user.userId,
    email_key: emailKey(user.email),
    username_key: usernameKey(user.username),
    password_hash: passwordHash,
    created_at: now,
  });
  return registerUser(platform, trx, { type: 'RegisterUser', data: user, metadata: { now } });
}

async function refuseTakenNames(trx: Knex.Transaction, input: RegisterBody): Promise<void> {
  if (
    await trx('identity_credentials')
      .where({ email_key: emailKey(input.email) })
      .first('user_id')
  ) {
    throw emailTaken();
  }
  if (
    await trx('identity_credentials')
      .where({ username_key: usernameKey(input.username) })
      .first('user_id')
  ) {
    throw usernameTaken();
  }
}

async function placeAccount(
  trx: Knex.Transaction,
  platform: Platform,
  { userId, input, enrolment, now }: { userId: string; input: RegisterBody; enrolment: Enrolment; now: Date },
): Promise<RegisteredAccount> {
  if (enrolment.kind === 'self-registration') {
    const existing = await trx('identity_credentials').first('user_id');
    if (existing) return { userId, role: 'student', organisationId: null };
  } else if (enrolment.organisationId) {
    const organisation = await trx('organisations').where({ id: enrolment.organisationId }).first('id');
    if (!organisation) throw notFound('הארגון לא נמצא');
    return { userId, role: 'mentor', organisationId: enrolment.organisationId };
  }
  const organisationId = randomUUID();
  const name =
    (enrolment.kind === 'mentor' && enrolment.organisationName) || `הארגון של ${input.displayName}`;
  await createOrganisation(trx, platform, { id: organisationId, name, now });
  return { userId, role: 'mentor', organisationId };
}

const emailTaken = () => conflict('EMAIL_TAKEN', 'כתובת האימייל כבר רשומה במערכת');
const usernameTaken = () => conflict('USERNAME_TAKEN', 'שם המשתמש כבר תפוס');

/** A unique-index violation that slipped past the check (another process won the race) is still a 409. */
function asTakenNameConflict(error: unknown) {
  if (
    typeof error !== 'object' ||
    error === null ||
    (error as { code?: unknown }).code !== UNIQUE_VIOLATION
  ) {
    return undefined;
  }
  const detail = String((error as { constraint?: unknown; detail?: unknown }).constraint ?? '');
  return detail.includes('username') ? usernameTaken() : emailTaken();
}
