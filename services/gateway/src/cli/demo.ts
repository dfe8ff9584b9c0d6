// `npm run demo [-- --students 12 --months 6 --password … --seed 2026]`: adds the demo organisation to the
// installation in DATA_DIR (or DATABASE_URL) — stop `npm start` first when it runs on the embedded database.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, createLogger, loadConfig } from '@yoman/platform';
import { buildGateway } from '../gateway';
import { movableClock } from './demo/demo-history';
import { DEMO_ORGANISATION_NAME } from './demo/demo-people';
import { type DemoOptions, type DemoReport, seedDemo } from './demo/seed-demo';

export const DEMO_PASSWORD = 'yoman-demo-2026';

const USAGE = 'usage: npm run demo [-- --students <1-50> --months <1-24> --password <text> --seed <number>]';

const parseDemoArgs = (argv: string[]) =>
  parseArgs({
    args: argv,
    strict: true,
    options: {
      students: { type: 'string', default: '12' },
      months: { type: 'string', default: '6' },
      password: { type: 'string', default: DEMO_PASSWORD },
      seed: { type: 'string', default: '2026' },
    },
  });

/** Reads the command line into demo options; undefined when it is not understood. */
export function demoOptionsOf(argv: string[], now: Date): DemoOptions | undefined {
  let parsed: ReturnType<typeof parseDemoArgs>;
  try {
    parsed = parseDemoArgs(argv);
  } catch {
    return undefined;
  }
  const { values } = parsed;
  const students = Number(values.students);
  const months = Number(values.months);
  const seed = Number(values.seed);
  const whole = (value: number, low: number, high: number) =>
    Number.isInteger(value) && value >= low && value <= high;
  if (!whole(students, 1, 50) || !whole(months, 1, 24) || !Number.isInteger(seed)) return undefined;
  if (values.password.length < 8) return undefined;
  return { students, months, password: values.password, seed, end: now };
}

/** The closing note: what was created, in how long, and the logins. */
export function demoSummaryOf(report: DemoReport, options: DemoOptions, seconds: number): string {
  const { counts } = report;
  const rows = [report.mentor, ...report.students].map(
    (person, index) =>
      `  ${(index === 0 ? 'מנטור' : 'תלמיד').padEnd(6)} ${person.email.padEnd(34)} ${person.displayName}`,
  );
  return [
    `Demo organisation "${DEMO_ORGANISATION_NAME}" created in ${seconds.toFixed(1)} s:`,
    `  1 mentor, ${report.students.length} students, ${options.months} months of history`,
    `  ${counts.logged} trades logged (${counts.withScreenshot} with a screenshot), ${counts.edited} edited, ` +
      `${report.lockedTrades} locked (${counts.locksRun} by the lock job); ` +
      `${counts.setups} library setups, named on ${counts.withLibrarySetup} trades`,
    '',
    `Logins (password for all: ${options.password}):`,
    ...rows,
    '',
    'Your own mentor account: npm run admin -- create-mentor (self-registration now enrols students).',
  ].join('\n');
}

async function runDemo(argv: string[]): Promise<number> {
  const options = demoOptionsOf(argv, new Date());
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'demo' });
  const clock = movableClock(options.end);
  const startedAt = performance.now();
  const gateway = await buildGateway(config, { clock, logger, background: false });
  try {
    const report = await seedDemo(gateway.app, gateway.platform, clock, options);
    if (!report) {
      console.log(
        `The demo organisation already exists in this installation; nothing was changed.\n` +
          `Sign in as mentor@demo.yoman.example (or student01…) with the password it was created with.`,
      );
      return 0;
    }
    console.log(demoSummaryOf(report, options, (performance.now() - startedAt) / 1000));
    return 0;
  } finally {
    await gateway.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDemo(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
      console.error(`npm run demo failed: ${message}`);
      process.exit(1);
    },
  );
}
