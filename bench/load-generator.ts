import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// autocannon runs as its own process (its CLI with --json), so it never shares an event loop or a core's
// time slice bookkeeping with the server it measures.

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** One load run: the same settings for Yoman and for the baseline. */
export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Open-loop target: requests per second across all connections (autocannon --overallRate). */
  rate?: number;
  /**
   * Instead of `body`: each request's body from this template, `__EXIT__` a time `stepMs` after the one
   * before (from `first`, ms since the epoch) and `__ENTRY__` the hour before it (bench/autocannon-sequence.mjs).
   */
  sequence?: { template: string; first: number; stepMs: number };
  /**
   * Instead of one GET of `url`: each request a GET of one of `paths` (below `url`'s origin) with one of
   * `cookies`, both drawn at random (bench/autocannon-mix.mjs).
   */
  mix?: { paths: string[]; cookies: string[] };
}

/** What a run measured: throughput, latency percentiles (ms) and failures. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerResponseWithHeaders: number;
}

const AutocannonJson = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  throughput: z.object({ total: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
  duration: z.number(),
});

function cliArguments(run: LoadRun): string[] {
  const args = [autocannonCli, '--json', '-c', String(run.connections), '-d', String(run.seconds)];
  if (run.method) args.push('-m', run.method);
  for (const [name, value] of Object.entries(run.headers ?? {})) args.push('-H', `${name}:${value}`);
  if (run.body !== undefined) args.push('-b', run.body);
  if (run.rate) args.push('-R', String(run.rate));
  args.push(run.url);
  return args;
}

const sequenceScript = fileURLToPath(new URL('./autocannon-sequence.mjs', import.meta.url));

function sequenceArguments(run: LoadRun): string[] {
  const { url, method, connections, seconds, headers, sequence } = run;
  return [sequenceScript, JSON.stringify({ url, method, connections, seconds, headers, sequence })];
}

const mixScript = fileURLToPath(new URL('./autocannon-mix.mjs', import.meta.url));

function mixArguments(run: LoadRun): string[] {
  const { url, connections, seconds, headers, mix } = run;
  return [mixScript, JSON.stringify({ url, connections, seconds, headers, mix })];
}

/** Runs autocannon against `run.url` and reads its JSON report. */
export function runLoad(run: LoadRun): Promise<LoadFigures> {
  const args = run.sequence ? sequenceArguments(run) : run.mix ? mixArguments(run) : cliArguments(run);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${stderr}`));
      const report = AutocannonJson.parse(JSON.parse(stdout));
      const answered = Math.max(1, report.requests.total);
      resolve({
        requestsPerSecond: report.requests.total / report.duration,
        p50: report.latency.p50,
        p99: report.latency.p99,
        requests: report.requests.total,
        non2xx: report.non2xx,
        errors: report.errors + report.timeouts,
        bytesPerResponseWithHeaders: Math.round(report.throughput.total / answered),
      });
    });
  });
}
