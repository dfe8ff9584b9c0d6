// `npm run projections:failures [-- <projection>] [-- --json]`: the events projections skipped, for the operator
// (docs/operations.md). Exit code 0 when there are none, 1 when there are, 2 for a usage error.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createLogger,
  createPlatform,
  listProjectionFailures,
  loadConfig,
  type ProjectionFailure,
} from '@yoman/platform';
import { modulesOf } from '../registry';

const USAGE = 'usage: npm run projections:failures [-- <projection name>] [-- --json]';

/** One failure on one line: where it is, what it is, when and why. */
function lineOf(failure: ProjectionFailure): string {
  const error = failure.error.replace(/\s+/g, ' ').slice(0, 300);
  return [
    failure.projection.padEnd(28),
    `position ${failure.position}`,
    failure.eventType,
    failure.streamId ?? '(stream not recorded)',
    failure.failedAt.toISOString(),
    error,
  ].join('  ');
}

/** What an operator reads: every skipped event, then how many and what to do. */
export function reportOf(failures: readonly ProjectionFailure[]): string {
  if (failures.length === 0) return 'No projection skipped an event.';
  const projections = [...new Set(failures.map((failure) => failure.projection))];
  return [
    ...failures.map(lineOf),
    `${failures.length} event(s) skipped by ${projections.join(', ')}.`,
    'Fix the cause, then rebuild: npm run projections:rebuild [-- <projection name>] (docs/operations.md).',
  ].join('\n');
}

/** Prints the skipped events of this installation's database; answers the exit code. */
export async function runProjectionFailures(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch {
    console.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length > 1) {
    (values.help ? console.log : console.error)(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(env);
  const modules = modulesOf();
  const known = modules.flatMap((module) => module.projections ?? []).map((projection) => projection.name);
  const [projection] = positionals;
  if (projection && !known.includes(projection)) {
    console.error(`No projection named ${projection}; known: ${known.join(', ')}`);
    return 2;
  }
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    name: 'failures',
  });
  const running = await createPlatform(config, modules, {
    logger,
    background: false,
    role: config.kafkaBrokers ? 'api' : 'all',
  });
  try {
    const failures = await listProjectionFailures(running.platform.db, { projection });
    console.log(values.json ? JSON.stringify(failures, null, 2) : reportOf(failures));
    return failures.length === 0 ? 0 : 1;
  } finally {
    await running.close();
  }
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { json: { type: 'boolean' }, help: { type: 'boolean' } },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runProjectionFailures(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
