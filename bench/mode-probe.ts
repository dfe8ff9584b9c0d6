import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRADE_STREAM_TYPE } from '@yoman/contracts';
import type { Platform } from '@yoman/platform';
import { lockedTradeEvents, writeLockedTrades } from './bench-trades';

// Figures of the event pipeline itself, measured the same way in both run modes from a process that holds
// a platform: embedded (PGlite, projections in the same process) or an `api` role on the distributed stack
// (relay in the trade worker, projections in the trade projector, both separate processes).

/** Percentile `p` (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Append-to-visible lag at a steady rate. */
export interface LagFigures {
  targetRate: number;
  achievedRate: number;
  events: number;
  p50: number;
  p99: number;
  max: number;
  /** The warm-up at the same rate just before, not counted in the figures above. */
  warmup: { seconds: number; p50: number; p99: number };
}

/**
 * Appends one `trade.logged.v1` (a new trade stream) every 1/rate seconds, open loop, each trade exiting a
 * second after the one before (as a trader's day is logged; see BENCHMARKS.md, 2026-11-27), and measures for each
 * the time from its commit until the read models include it (the read-your-writes wait every command uses).
 * The first `warmupSeconds` at the rate are measured apart: they hold the processes' warm-up (JIT, caches,
 * connections), while the figures stand for the steady state.
 */
export async function measureLag(
  platform: Platform,
  userId: string,
  settings: { rate: number; seconds: number; warmupSeconds: number },
): Promise<LagFigures> {
  const warmup = await lagsAtRate(platform, `${userId}-warmup`, settings.rate, settings.warmupSeconds);
  const measured = await lagsAtRate(platform, userId, settings.rate, settings.seconds);
  return {
    targetRate: settings.rate,
    achievedRate: measured.achievedRate,
    events: measured.lags.length,
    p50: percentile(measured.lags, 50),
    p99: percentile(measured.lags, 99),
    max: Math.max(...measured.lags),
    warmup: {
      seconds: settings.warmupSeconds,
      p50: percentile(warmup.lags, 50),
      p99: percentile(warmup.lags, 99),
    },
  };
}

async function lagsAtRate(platform: Platform, userId: string, rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  const lags: number[] = [];
  const started = performance.now();
  let lastCommit = started;
  const pending: Promise<void>[] = [];
  // A trader's day as it is logged: each trade exits a second after the one before, all in the past.
  const firstExit = Date.now() - 3_600_000 - total * 1000;
  for (let n = 0; n < total; n += 1) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const [logged] = lockedTradeEvents(userId, n, new Date(firstExit + n * 1000));
    if (!logged) throw new Error('no trade event to append');
    pending.push(
      (async () => {
        const tradeId = (logged.data as { tradeId: string }).tradeId;
        const { lastPosition } = await platform.eventStore.append(
          `trade-${tradeId}`,
          TRADE_STREAM_TYPE,
          'no_stream',
          [logged],
        );
        const committed = performance.now();
        lastCommit = Math.max(lastCommit, committed);
        await platform.projections.waitFor(lastPosition, 60_000);
        lags.push(performance.now() - committed);
      })(),
    );
  }
  await Promise.all(pending);
  return { lags, achievedRate: total / ((lastCommit - started) / 1000) };
}

/** How long the projections took to take in a backlog. */
export interface CatchUpFigures {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/**
 * With the projections stopped (`pause`), writes locked trades until `events` events wait, then starts
 * them again (`resume`) and measures the time until the read models include every one.
 */
export async function measureCatchUp(
  platform: Platform,
  userId: string,
  settings: { events: number; pause(): Promise<void>; resume(): Promise<void> },
): Promise<CatchUpFigures> {
  await settings.pause();
  const end = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  let written = 0;
  for (let batch = 0; written < settings.events; batch += 1) {
    const trades = Math.max(1, Math.ceil((settings.events - written) / 2.5));
    const exits = Array.from(
      { length: Math.min(trades, 2000) },
      (_, n) => new Date(end.getTime() - (batch * 2000 + n + 1) * 3_600_000),
    );
    written += await writeLockedTrades(platform, userId, exits);
  }
  const started = performance.now();
  await settings.resume();
  await platform.projections.catchUp();
  const seconds = (performance.now() - started) / 1000;
  return { events: written, seconds, eventsPerSecond: written / seconds };
}

/** Resident memory of a process in MB (Linux /proc), or NaN where that cannot be read. */
export function residentMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kilobytes / 1024;
  } catch {
    return Number.NaN;
  }
}
