import type { LoadFigures } from './load-generator';
import type { ModeFigures } from './run-modes';

/** One read measured on Yoman and on the baseline with the same load settings. */
export interface ReadComparison {
  name: string;
  path: string;
  responseBytes: number;
  yoman: LoadFigures;
  baseline: LoadFigures;
  /** The read of the same run this one's cost is compared with (the analytics reads: the calendar's month). */
  relativeTo?: string;
}

/** Everything one `npm run bench` measured (written to artifacts/bench.json). */
export interface BenchReport {
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverageAtEnd: number[] };
  settings: { connections: number; seconds: number; loadGenerator: string };
  seed: { studentTrades: number; events: number; seconds: number };
  rebuild: {
    events: number;
    seconds: number;
    eventsPerSecond: number;
    projections: { projection: string; events: number; failures: number }[];
  };
  reads: ReadComparison[];
  /** Every other read a screen makes, in shorter runs (`otherSeconds` each), one line each. */
  otherReads?: { seconds: number; reads: ReadComparison[] };
  write: LoadFigures & { targetRate: number; seconds: number };
  /** Embedded beside distributed; the distributed side names why it was not measured when it could not be. */
  modes?: { embedded: ModeFigures; distributed: ModeFigures | { notMeasured: string } };
  totalSeconds: number;
}

const number = (value: number, digits = 0) => value.toFixed(digits);
/** n/a when the figure divided by is 0 as shown (an embedded lag is 0.0 ms: its read models commit with the append). */
const ratio = (yoman: number, baseline: number) =>
  Math.abs(baseline) < 0.05 ? 'n/a' : `${(yoman / baseline).toFixed(2)}×`;

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, index) => (index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)))
    .join('  ');
}

/**
 * A read's cost against another read of the same run: req/s as the other's over this one's (above 1× when this
 * one is dearer), latencies as this one's over the other's; so every ratio reads "times the cost".
 */
function relativeCostRow(read: ReadComparison, reference: ReadComparison, widths: number[]): string {
  return row(
    [
      `  cost / ${reference.name.replace(/^GET /, '')}`,
      ratio(reference.yoman.requestsPerSecond, read.yoman.requestsPerSecond),
      ratio(read.yoman.p50, reference.yoman.p50),
      ratio(read.yoman.p99, reference.yoman.p99),
      '',
      '',
    ],
    widths,
  );
}

/** The closing table: reads side by side with the baseline, sustained logging, and the rebuild. */
export function benchTableOf(report: BenchReport): string {
  const widths = [44, 9, 9, 9, 8, 8];
  const lines = [
    `Machine: ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}; ` +
      `${report.settings.connections} connections, ${report.settings.seconds} s per run`,
    '',
    row(
      [
        `read (student with ${report.seed.studentTrades} trades)`,
        'req/s',
        'p50 ms',
        'p99 ms',
        'body B',
        'errors',
      ],
      widths,
    ),
  ];
  for (const read of report.reads) {
    const failures = (figures: LoadFigures) => String(figures.non2xx + figures.errors);
    lines.push(
      row(
        [
          read.name,
          number(read.yoman.requestsPerSecond, 1),
          number(read.yoman.p50, 1),
          number(read.yoman.p99, 1),
          String(read.responseBytes),
          failures(read.yoman),
        ],
        widths,
      ),
      row(
        [
          '  baseline: bare Fastify, same bytes',
          number(read.baseline.requestsPerSecond, 1),
          number(read.baseline.p50, 1),
          number(read.baseline.p99, 1),
          String(read.responseBytes),
          failures(read.baseline),
        ],
        widths,
      ),
      row(
        [
          '  Yoman / baseline',
          ratio(read.yoman.requestsPerSecond, read.baseline.requestsPerSecond),
          ratio(read.yoman.p50, read.baseline.p50),
          ratio(read.yoman.p99, read.baseline.p99),
          '',
          '',
        ],
        widths,
      ),
    );
    const reference = read.relativeTo && report.reads.find((other) => other.name === read.relativeTo);
    if (reference) lines.push(relativeCostRow(read, reference, widths));
  }
  if (report.otherReads) lines.push('', ...otherReadsTableOf(report.otherReads));
  const { write, rebuild } = report;
  lines.push(
    '',
    row(
      [
        `POST /api/trades at ${write.targetRate}/s for ${write.seconds} s`,
        number(write.requestsPerSecond, 1),
        number(write.p50, 1),
        number(write.p99, 1),
        '',
        String(write.non2xx + write.errors),
      ],
      widths,
    ),
    '',
    `Projection rebuild: ${rebuild.events} events in ${number(rebuild.seconds, 1)} s ` +
      `(${number(rebuild.eventsPerSecond)} events/s; ${rebuild.projections.map((p) => p.projection).join(', ')})`,
  );
  if (report.modes) lines.push('', ...modesTableOf(report.modes));
  lines.push(`Whole bench: ${number(report.totalSeconds)} s`);
  return lines.join('\n');
}

/** The other reads, one line each: Yoman's figures, the bare route's req/s and the ratio. */
export function otherReadsTableOf(other: NonNullable<BenchReport['otherReads']>): string[] {
  const widths = [52, 9, 7, 9, 8, 7, 6];
  return [
    row(
      [
        `every other read a screen makes (${other.seconds} s each)`,
        'req/s',
        'p99 ms',
        'bare/s',
        'ratio',
        'body B',
        'errors',
      ],
      widths,
    ),
    ...other.reads.map((read) =>
      row(
        [
          read.name,
          number(read.yoman.requestsPerSecond),
          number(read.yoman.p99),
          number(read.baseline.requestsPerSecond),
          ratio(read.yoman.requestsPerSecond, read.baseline.requestsPerSecond),
          String(read.responseBytes),
          String(read.yoman.non2xx + read.yoman.errors),
        ],
        widths,
      ),
    ),
  ];
}

/** Embedded and distributed side by side, with distributed / embedded ratios. */
export function modesTableOf(modes: NonNullable<BenchReport['modes']>): string[] {
  const { embedded, distributed } = modes;
  const widths = [46, 12, 12, 10];
  const lines = [
    row(
      [
        `run modes, saves over ${embedded.connections} connection${embedded.connections === 1 ? '' : 's'}`,
        'embedded',
        'distributed',
        'ratio',
      ],
      widths,
    ),
  ];
  if ('notMeasured' in distributed) {
    return [...lines, `  distributed mode not measured: ${distributed.notMeasured}`];
  }
  const line = (label: string, pick: (figures: ModeFigures) => number, digits = 1) =>
    row(
      [
        label,
        number(pick(embedded), digits),
        number(pick(distributed), digits),
        ratio(pick(distributed), pick(embedded)),
      ],
      widths,
    );
  lines.push(
    line(
      `POST /api/trades, ${embedded.logging.requests} vs ${distributed.logging.requests} saved: req/s`,
      (f) => f.logging.requestsPerSecond,
    ),
    line('  p50 ms', (f) => f.logging.p50),
    line('  p99 ms', (f) => f.logging.p99),
    line('  errors (non-2xx + failed)', (f) => f.logging.non2xx + f.logging.errors, 0),
    line(`append → visible at ${embedded.lag.targetRate} events/s: achieved/s`, (f) => f.lag.achievedRate),
    line('  lag p50 ms', (f) => f.lag.p50),
    line('  lag p99 ms', (f) => f.lag.p99),
    line(
      `  lag p99 ms in the ${embedded.lag.warmup.seconds} s warm-up before (not counted)`,
      (f) => f.lag.warmup.p99,
    ),
    line(`catch-up of ${embedded.catchUp.events} events: s`, (f) => f.catchUp.seconds, 2),
    line('  events/s', (f) => f.catchUp.eventsPerSecond, 0),
  );
  for (const figures of [embedded, distributed]) {
    const total = figures.memory.reduce((sum, each) => sum + each.megabytes, 0);
    lines.push(
      `memory (RSS MB), ${figures.mode}: ` +
        figures.memory.map((each) => `${each.process} ${number(each.megabytes)}`).join(', ') +
        ` — total ${number(total)}`,
    );
  }
  return lines;
}
