import type { Platform } from '@yoman/platform';
import { emailKey } from '../../identity/accounts/account-keys';
import { hashPassword } from '../../identity/accounts/password';
import { registerAccount, writeAccount } from '../../identity/accounts/register-account';
import type { DemoRandom } from './demo-random';
import type { StudentProfile } from './demo-trade-plan';

/** The demo organisation's name; the mentor's e-mail tells whether the demo was already created. */
export const DEMO_ORGANISATION_NAME = 'אקדמיית המסחר — הדגמה';
export const DEMO_MENTOR_EMAIL = 'mentor@demo.yoman.example';

/** A demo login. */
export interface DemoPerson {
  userId: string;
  email: string;
  username: string;
  displayName: string;
}

export interface DemoStudent extends DemoPerson {
  profile: StudentProfile;
}

const MENTOR_NAME = 'רונית אברהמי';

const STUDENT_NAMES = [
  'נועה כהן',
  'איתי לוי',
  'מאיה מזרחי',
  'יונתן פרץ',
  'שירה ביטון',
  'אורי דהן',
  'תמר אגבריה',
  'דניאל שפירא',
  'הילה פרידמן',
  'עומר חדד',
  'ליאור גבאי',
  'רותם אלון',
] as const;

/** Whether the demo organisation exists already (its mentor's e-mail is taken). */
export async function demoExists(platform: Platform): Promise<boolean> {
  const row = await platform.db('identity_credentials').where({ email_key: emailKey(DEMO_MENTOR_EMAIL) });
  return row.length > 0;
}

/** Creates the demo mentor in a new organisation, as the admin command does. */
export async function createDemoMentor(
  platform: Platform,
  password: string,
): Promise<DemoPerson & { organisationId: string }> {
  const person = { email: DEMO_MENTOR_EMAIL, username: 'demo_mentor', displayName: MENTOR_NAME };
  const account = await registerAccount(
    platform,
    { ...person, password },
    {
      kind: 'mentor',
      organisationId: null,
      organisationName: DEMO_ORGANISATION_NAME,
    },
  );
  if (!account.organisationId) throw new Error('the demo mentor was created without an organisation');
  return { ...person, userId: account.userId, organisationId: account.organisationId };
}

/** Numbered demo student accounts (up to 12 names, then numbered names) with varied trading habits. */
export function demoStudentsOf(count: number): Omit<DemoPerson, 'userId'>[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return {
      email: `student${number}@demo.yoman.example`,
      username: `demo_student${number}`,
      displayName: STUDENT_NAMES[index] ?? `תלמיד ${number}`,
    };
  });
}

/** A student's habits: some disciplined winners, some careless, each with favourite markets. */
export function studentProfileOf(random: DemoRandom): StudentProfile {
  const favourite = random.pick(['crypto', 'stocks', 'forex', 'futures'] as const);
  const assets = { crypto: 1, stocks: 1, forex: 1, futures: 1, [favourite]: 4 };
  return {
    winRate: random.between(0.36, 0.62),
    activity: random.between(0.25, 0.55),
    maxTradesPerDay: random.integer(1, 3),
    discipline: random.between(0.6, 0.95),
    screenshotHabit: random.between(0.4, 0.95),
    assets,
  };
}

// An organisation's student is enrolled by a mentor (rules §7); identity has no invite flow yet, so the demo
// writes the same credentials row and `identity.user-registered.v1` event that registration writes.
/** Enrols a student account into the demo organisation. */
export async function enrolDemoStudent(
  platform: Platform,
  person: Omit<DemoPerson, 'userId'>,
  password: string,
  organisationId: string,
  userId: string,
): Promise<DemoPerson> {
  const passwordHash = await hashPassword(password);
  const now = platform.clock.now();
  let position = 0;
  await platform.db.transaction(async (trx) => {
    const { username, email, displayName } = person;
    const student = { userId, username, email, displayName, role: 'student', organisationId } as const;
    position = await writeAccount(platform, trx, student, passwordHash, now);
  });
  await platform.projections.waitFor(position);
  return { ...person, userId };
}
