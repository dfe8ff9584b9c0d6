import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from './admin';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-admin-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const mentor = (n: number, ...extra: string[]) => [
  'create-mentor',
  '--email',
  `mentor${n}@example.com`,
  '--username',
  `mentor${n}`,
  '--display-name',
  `מנטור ${n}`,
  '--password',
  'long enough secret',
  ...extra,
];

/** Runs the command and answers its exit code and what it printed. */
async function admin(argv: string[]) {
  const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
  const complained = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await runAdmin(argv, env);
    return { code, out: printed.mock.calls.flat().join('\n'), err: complained.mock.calls.flat().join('\n') };
  } finally {
    printed.mockRestore();
    complained.mockRestore();
  }
}

describe('npm run admin -- create-mentor', () => {
  let organisationId: string;

  it('creates a mentor in a new organisation and prints it', async () => {
    const { code, out } = await admin(mentor(1));
    expect(code).toBe(0);
    const created = JSON.parse(out);
    expect(created).toMatchObject({ created: 'mentor', role: 'mentor', email: 'mentor1@example.com' });
    organisationId = created.organisationId;
    expect(organisationId).toEqual(expect.any(String));
  });

  it('adds a mentor to an existing organisation with --organisation', async () => {
    const { code, out } = await admin(mentor(2, '--organisation', organisationId));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ role: 'mentor', organisationId });
  });

  it('refuses an unknown organisation and a taken e-mail', async () => {
    expect(await admin(mentor(3, '--organisation', 'no-such-organisation'))).toMatchObject({ code: 1 });
    const taken = await admin(mentor(1));
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('EMAIL_TAKEN');
  });

  it('explains its usage for a missing field or an unknown command', async () => {
    const missing = await admin(['create-mentor', '--email', 'x@example.com']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('usage');
    expect((await admin(['delete-everything'])).code).toBe(2);
  });
});
