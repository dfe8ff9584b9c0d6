import { randomUUID } from 'node:crypto';
import { parseIdentityEvent, type RegisterBody, type Role } from '@yoman/contracts';
import {
  conflict,
  DomainError,
  type EventMetadata,
  idFromKey,
  notFound,
  type Platform,
  requestDigestOf,
} from '@yoman/platform';
import type { Knex } from 'knex';
import { createOrganisation } from '../organisations/organisation-events';
import type { RegisterUser } from '../user/decider';
import { registerUser, userStreamOf } from '../user/user-commands';
import { emailKey, usernameKey } from './account-keys';
import { hashPassword, passwordMatches } from './password';

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
 * With an idempotency key the account's id comes from the key: the same registration sent again (its answer
 * lost, or a 503 after the account was stored) answers that account instead of "name taken".
 */
export async function registerAccount(
  platform: Platform,
  input: RegisterBody,
  enrolment: Enrolment,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<RegisteredAccount> {
  const passwordHash = await hashPassword(input.password);
  const userId = idempotencyKey ? idFromKey('registration', idempotencyKey) : randomUUID();
  // The password is matched against its stored hash instead: no fast hash of it is ever stored.
  const { password: _password, ...described } = input;
  const requestSha256 = idempotencyKey ? requestDigestOf(described) : undefined;
  const now = platform.clock.now();
  let account: RegisteredAccount | undefined;
  let position = 0;
  let storedBefore = false;
  try {
    await platform.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [REGISTRATION_LOCK]);
      if (idempotencyKey) {
        storedBefore = Boolean(await trx('identity_credentials').where({ user_id: userId }).first('user_id'));
        if (storedBefore) return;
      }
      await refuseTakenNames(trx, input);
      account = await placeAccount(trx, platform, { userId, input, enrolment, now });
      const { username, email, displayName } = input;
      position = await writeAccount(
        platform,
        trx,
        { ...account, username, email, displayName },
        passwordHash,
        now,
        requestSha256 ? { requestSha256 } : {},
      );
    });
  } catch (error) {
    throw asTakenNameConflict(error) ?? error;
  }
  if (storedBefore && requestSha256) return registeredBefore(platform, userId, input.password, requestSha256);
  await platform.projections.waitFor(position);
  if (!account) throw new Error('registration transaction ended without an account');
  return account;
}

/**
 * The account a keyed registration created before, answered to the same registration sent again once the read
 * models include it. Refused (422) unless every field and the password are the ones it was created with.
 */
async function registeredBefore(
  platform: Platform,
  userId: string,
  password: string,
  requestSha256: string,
): Promise<RegisteredAccount> {
  const [credentials, history] = await Promise.all([
    platform.db('identity_credentials').where({ user_id: userId }).first('password_hash'),
    platform.eventStore.readStream(userStreamOf(userId)),
  ]);
  const registered = history
    .map(parseIdentityEvent)
    .find((event) => event?.type === 'identity.user-registered.v1');
  const same =
    registered?.type === 'identity.user-registered.v1' &&
    history[0]?.metadata.requestSha256 === requestSha256 &&
    (await passwordMatches(credentials?.password_hash, password));
  if (!same) {
    throw DomainError.ruleBroken(
      'IDEMPOTENCY_KEY_REUSED',
      'ההרשמה כבר נשמרה בניסיון הקודם, עם פרטים אחרים. התחברו עם הפרטים שנשמרו אז',
    );
  }
  await platform.projections.waitFor(history.at(-1)?.position ?? 0);
  return { userId, role: registered.data.role, organisationId: registered.data.organisationId };
}

/**
 * Writes an account inside the caller's transaction: its credentials and the `identity.user-registered.v1`
 * event (with `metadata` beside the user's own); answers the event's position, to wait on once it commits.
 */
export async function writeAccount(
  platform: Platform,
  trx: Knex.Transaction,
  user: RegisterUser['data'],
  passwordHash: string,
  now: Date,
  metadata: EventMetadata = {},
): Promise<number> {
  await trx('identity_credentials').insert({
    user_id: user.userId,
    email_key: emailKey(user.email),
    username_key: usernameKey(user.username),
    password_hash: passwordHash,
    created_at: now,
  });
  return registerUser(platform, trx, { type: 'RegisterUser', data: user, metadata: { now } }, metadata);
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
