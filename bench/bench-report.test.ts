import { describe, expect, it } from 'vitest';
import { type BenchReport, benchTableOf, modesTableOf } from './bench-report';
import type { LoadFigures } from './load-generator';
import type { ModeFigures } from './run-modes';

const figures = (requestsPerSecond: number, p50: number, p99: number): LoadFigures => ({
  requestsPerSecond,
  p50,
  p99,
  requests: requestsPerSecond * 10,
  non2xx: 0,
  errors: 0,
  bytesPerResponseWithHeaders: 1200,
});

const report: BenchReport = {
  date: '2026-11-22T20:00:00.000Z',
  quick: false,
  machine: {
    cpus: 2,
    cpuModel: 'AMD EPYC',
    node: 'v20.20.2',
    platform: 'linux x64',
    loadAverageAtEnd: [1, 1, 1],
  },
  settings: { connections: 10, seconds: 10, loadGenerator: 'autocannon' },
  seed: { studentTrades: 20_000, events: 100_000, seconds: 20 },
  rebuild: { events: 100_000, seconds: 200, eventsPerSecond: 500, projections: [] },
  reads: [
    {
      name: 'GET /api/trades (one month)',
      path: '/api/trades',
      responseBytes: 1000,
      yoman: figures(100, 40, 90),
      baseline: figures(2000, 2, 9),
    },
    {
      name: 'GET /api/analytics (all time)',
      path: '/api/analytics',
      responseBytes: 5000,
      yoman: figures(80, 50, 180),
      baseline: figures(2000, 2, 9),
      relativeTo: 'GET /api/trades (one month)',
    },
  ],
  write: { ...figures(19.8, 150, 400), targetRate: 20, seconds: 15 },
  totalSeconds: 260,
};

describe('the bench table', () => {
  it('puts each read beside its baseline with the ratios', () => {
    const table = benchTableOf(report);
    expect(table).toContain('0.05×');
    expect(table).toContain('20.00×');
    expect(table).toContain('10.00×');
    expect(table).toContain('POST /api/trades at 20/s for 15 s');
    expect(table).toContain('100000 events in 200.0 s');
  });

  it('states an analytics read as a cost relative to the read it is compared with', () => {
    const line = benchTableOf(report)
      .split('\n')
      .find((text) => text.includes('cost / /api/trades (one month)'));
    // 100 / 80 req/s, 50 / 40 ms at p50, 180 / 90 ms at p99.
    expect(line).toMatch(/1\.25×\s+1\.25×\s+2\.00×/);
  });

  it("lists every other read on a line of its own, with the bare route's req/s and the ratio", () => {
    const other = (name: string, yoman: number, bare: number) => ({
      name,
      path: '/api/x',
      responseBytes: 300,
      yoman: figures(yoman, 1, 4),
      baseline: figures(bare, 0, 1),
    });
    const table = benchTableOf({
      ...report,
      otherReads: {
        seconds: 3,
        reads: [other('GET /api/user', 7000, 70000), other('  news=true', 110, 11000)],
      },
    }).split('\n');
    expect(table.some((line) => line.startsWith('every other read a screen makes (3 s each)'))).toBe(true);
    expect(table.find((line) => line.startsWith('GET /api/user'))).toMatch(
      /7000\s+4\s+70000\s+0\.10×\s+300\s+0$/,
    );
    expect(table.find((line) => line.startsWith('  news=true'))).toMatch(/110\s+4\s+11000\s+0\.01×/);
    expect(benchTableOf(report)).not.toContain('every other read');
  });
});

const modeFigures = (mode: ModeFigures['mode'], lagMs: number): ModeFigures => ({
  mode,
  connections: 10,
  logging: figures(400, 20, 50),
  lag: {
    targetRate: 200,
    achievedRate: 200,
    events: 3000,
    p50: lagMs,
    p99: lagMs * 2,
    max: lagMs * 3,
    warmup: { seconds: 5, p50: lagMs, p99: lagMs * 2 },
  },
  catchUp: { events: 10_000, seconds: 2, eventsPerSecond: 5000 },
  memory: [{ process: mode, megabytes: 300 }],
});

describe('the run-modes table', () => {
  it('divides distributed by embedded, and says n/a where the embedded figure is 0 as shown', () => {
    // Embedded, a save's read models commit with its append: the lag after the append answers is 0.0 ms.
    const lines = modesTableOf({
      embedded: modeFigures('embedded', 0.01),
      distributed: modeFigures('distributed', 20),
    });
    expect(lines[0]).toMatch(/^run modes, saves over 10 connections\s+embedded\s+distributed\s+ratio$/);
    const lag = (label: string) => lines.find((text) => text.startsWith(label)) as string;
    expect(lag('  lag p50 ms')).toMatch(/0\.0\s+20\.0\s+n\/a$/);
    expect(lag('  lag p99 ms')).toMatch(/0\.0\s+40\.0\s+n\/a$/);
    expect(lag('catch-up of 10000 events: s')).toMatch(/1\.00×$/);
    const alone = modesTableOf({
      embedded: { ...modeFigures('embedded', 1), connections: 1 },
      distributed: { ...modeFigures('distributed', 1), connections: 1 },
    });
    expect(alone[0]).toMatch(/^run modes, saves over 1 connection\s+embedded/);
    const slower = modesTableOf({
      embedded: modeFigures('embedded', 10),
      distributed: modeFigures('distributed', 20),
    });
    expect(slower.find((text) => text.startsWith('  lag p50 ms'))).toMatch(/10\.0\s+20\.0\s+2\.00×$/);
  });
});
