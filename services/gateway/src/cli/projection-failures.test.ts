import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform, loadConfig } from '@yoman/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modulesOf } from '../registry';
import { runProjectionFailures } from './projection-failures';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-failures-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command and answers its exit code and what it printed. */
async function failures(argv: string[]) {
  const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
  const complained = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await runProjectionFailures(argv, env);
    return { code, out: printed.mock.calls.flat().join('\n'), err: complained.mock.calls.flat().join('\n') };
  } finally {
    printed.mockRestore();
    complained.mockRestore();
  }
}

const TRADE_ID = '5a3c1f4e-0000-4000-8000-0000000000aa';

/** Appends a trade event no trade projection can read, as an older build might have, and lets them skip it. */
async function appendUnreadableTrade() {
  const running = await createPlatform(loadConfig(env), modulesOf(), { background: false });
  try {
    const { eventStore, projections } = running.platform;
    await eventStore.append(`trade-${TRADE_ID}`, 'trade', 'no_stream', [
      { type: 'trade.logged.v1', data: { tradeId: TRADE_ID, entryTime: '0000-01-01T00:00:00Z' } },
    ]);
    await projections.catchUp();
  } finally {
    await running.close();
  }
}

describe('npm run projections:failures', () => {
  beforeAll(async () => {
    expect(await failures([])).toMatchObject({ code: 0, out: 'No projection skipped an event.' });
    await appendUnreadableTrade();
  });

  it('lists each skipped event with its projection, position, type, stream and error, and exits 1', async () => {
    const { code, out } = await failures([]);
    expect(code).toBe(1);
    const lines = out.split('\n');
    const trades = lines.find((line) => line.startsWith('trades '));
    expect(trades).toContain('position 1');
    expect(trades).toContain('trade.logged.v1');
    expect(trades).toContain(`trade-${TRADE_ID}`);
    expect(trades).toContain('does not match the schema');
    expect(lines.some((line) => line.startsWith('daily_aggregates '))).toBe(true);
    expect(out).toContain('npm run projections:rebuild');
  });

  it('narrows to one projection and answers JSON with --json', async () => {
    const { code, out } = await failures(['trades', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual([
      {
        projection: 'trades',
        position: 1,
        eventType: 'trade.logged.v1',
        streamId: `trade-${TRADE_ID}`,
        error: expect.stringContaining('does not match the schema'),
        failedAt: expect.any(String),
      },
    ]);
  });

  it('explains its usage for an unknown projection or option', async () => {
    const unknown = await failures(['no-such-projection']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('trades');
    expect((await failures(['--everything'])).code).toBe(2);
    expect((await failures(['--help'])).code).toBe(0);
  });
});
