// Operator commands. `npm run admin -- create-mentor --email … --username … --display-name … --password …
// [--organisation <id>] [--organisation-name <name>]` creates a mentor (in a new organisation unless one is named).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { registerBodySchema } from '@yoman/contracts';
import { AppError, createPlatform, DomainError, loadConfig } from '@yoman/platform';
import { identityModule, registerAccount } from '../identity';

const USAGE =
  'usage: npm run admin -- create-mentor --email <email> --username <name> --display-name <name> ' +
  '--password <password> [--organisation <id>] [--organisation-name <name>]';

/** Runs one admin command; answers the process exit code. */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-mentor') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      'display-name': { type: 'string' },
      password: { type: 'string' },
      organisation: { type: 'string' },
      'organisation-name': { type: 'string' },
    },
  });
  const input = registerBodySchema.safeParse({
    email: values.email,
    username: values.username,
    displayName: values['display-name'],
    password: values.password,
  });
  if (!input.success) {
    const fields = input.error.issues.map((issue) => issue.path.join('.')).join(', ');
    console.error(`invalid or missing: ${fields}\n${USAGE}`);
    return 2;
  }
  const running = await createPlatform(loadConfig(env), [identityModule], { background: false });
  try {
    const account = await registerAccount(running.platform, input.data, {
      kind: 'mentor',
      organisationId: values.organisation ?? null,
      organisationName: values['organisation-name'],
    });
    console.log(JSON.stringify({ created: 'mentor', ...account, email: input.data.email }));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError || error instanceof DomainError)) throw error;
    console.error(`${error.code}: ${error.message}`);
    return 1;
  } finally {
    await running.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
