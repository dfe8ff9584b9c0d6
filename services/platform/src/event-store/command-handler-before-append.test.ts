import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { unavailable } from '../http/errors';
import { resetDatabase } from '../testing/reset-database';
import { createTestPlatform } from '../testing/test-platform';
import { handleCommand } from './command-handler';
import type { RecordedEvent } from './types';

type Tally = { total: number };
type Added = { type: 'tally.added.v1'; data: { by: number } };

const evolve = (state: Tally, event: RecordedEvent): Tally => ({
  total: state.total + (event.data as { by: number }).by,
});

let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([]);
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const add = (by: number, beforeAppend?: (state: Tally, events: Added[]) => Promise<void>) =>
  handleCommand<Tally, Added>(running.platform, {
    streamId: 'tally-1',
    streamType: 'tally',
    initialState: () => ({ total: 0 }),
    evolve,
    decide: () => (by === 0 ? [] : [{ type: 'tally.added.v1', data: { by } }]),
    beforeAppend,
  });

describe('a command with work to do before its events are appended', () => {
  it('hands over the state the decided events lead to, and the events, before they are stored', async () => {
    await add(2);
    const seen: { state: Tally; events: Added[]; storedBefore: number }[] = [];
    const result = await add(3, async (state, events) => {
      const stored = await running.platform.eventStore.readStream('tally-1');
      seen.push({ state, events, storedBefore: stored.length });
    });
    expect(seen).toEqual([
      { state: { total: 5 }, events: [{ type: 'tally.added.v1', data: { by: 3 } }], storedBefore: 1 },
    ]);
    expect(result.state).toEqual({ total: 5 });
    expect(result.events.map((event) => event.version)).toEqual([2]);
  });

  it('appends nothing when the work before the append fails', async () => {
    const failure = await add(4, async () => {
      throw unavailable();
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 503 });
    expect(await running.platform.eventStore.readStream('tally-1')).toEqual([]);
  });

  it('does not call it when the command decides nothing', async () => {
    let called = false;
    await add(0, async () => {
      called = true;
    });
    expect(called).toBe(false);
  });
});
