import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { unavailable } from '../http/errors';
import type { JobRequest } from '../jobs/types';
import type { Platform } from '../platform';
import { resetDatabase } from '../testing/reset-database';
import { testConfig } from '../testing/test-config';
import { createTestPlatform } from '../testing/test-platform';
import { handleCommand } from './command-handler';
import { createEventStore } from './postgres-event-store';
import type { RecordedEvent } from './types';

type Tally = { total: number };
type Added = { type: 'tally.added.v1'; data: { by: number } };

const evolve = (state: Tally, event: RecordedEvent): Tally => ({
  total: state.total + (event.data as { by: number }).by,
});

const reminder = (id: string, total: number): JobRequest => ({
  id,
  name: 'tally.remind',
  runAt: new Date('2030-01-01T00:00:00Z'),
  payload: { total },
});

/** The infra suite with Redis runs the jobs on BullMQ, as the distributed mode does: no jobs in the database. */
const jobsOnRedis = Boolean(testConfig().redisUrl);

let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([]);
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const add = (
  by: number,
  jobsOf?: (state: Tally, events: Added[]) => readonly JobRequest[],
  platform: Platform = running.platform,
) =>
  handleCommand<Tally, Added>(platform, {
    streamId: 'tally-1',
    streamType: 'tally',
    initialState: () => ({ total: 0 }),
    evolve,
    decide: () => (by === 0 ? [] : [{ type: 'tally.added.v1', data: { by } }]),
    jobsOf,
  });

/** The platform as in the distributed mode: its jobs live elsewhere (BullMQ), so the event store takes none. */
const withJobsElsewhere = (schedule: (job: JobRequest) => Promise<void>): Platform => ({
  ...running.platform,
  eventStore: { ...running.platform.eventStore, writesJobs: false },
  jobs: { ...running.platform.jobs, schedule },
});

describe('the jobs a command leaves behind', () => {
  it('are asked for with the state the decided events lead to, and the events', async () => {
    await add(2);
    const seen: { state: Tally; events: Added[] }[] = [];
    const result = await add(3, (state, events) => {
      seen.push({ state, events });
      return [reminder('remind-1', state.total)];
    });
    expect(seen).toEqual([{ state: { total: 5 }, events: [{ type: 'tally.added.v1', data: { by: 3 } }] }]);
    expect(result.events.map((event) => event.version)).toEqual([2]);
    expect(await running.platform.jobs.find('remind-1')).toMatchObject({
      status: 'scheduled',
      payload: { total: 5 },
    });
  });

  it.skipIf(jobsOnRedis)(
    'embedded: are stored only with events that commit (a command refused with 409 leaves no job)',
    async () => {
      expect(running.platform.eventStore.writesJobs).toBe(true);
      // Both read the empty stream; the second append in the group expects no stream and is refused.
      const outcomes = await Promise.allSettled([
        add(1, () => [reminder('remind-a', 1)]),
        add(2, () => [reminder('remind-b', 2)]),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      expect(outcomes[1]).toMatchObject({ reason: { statusCode: 409 } });
      expect(await running.platform.jobs.find('remind-a')).toMatchObject({ status: 'scheduled' });
      expect(await running.platform.jobs.find('remind-b')).toBeUndefined();
    },
  );

  it('elsewhere: are scheduled before the events are stored', async () => {
    const storedBefore: number[] = [];
    const platform = withJobsElsewhere(async () => {
      storedBefore.push((await running.platform.eventStore.readStream('tally-1')).length);
    });
    await add(4, () => [reminder('remind-1', 4)], platform);
    expect(storedBefore).toEqual([0]);
    expect(await running.platform.eventStore.readStream('tally-1')).toHaveLength(1);
  });

  it('elsewhere: a job that cannot be scheduled appends nothing (503)', async () => {
    const platform = withJobsElsewhere(async () => {
      throw unavailable();
    });
    const failure = await add(4, () => [reminder('remind-1', 4)], platform).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 503 });
    expect(await running.platform.eventStore.readStream('tally-1')).toEqual([]);
  });

  it('are not asked for when the command decides nothing', async () => {
    let called = false;
    await add(0, () => {
      called = true;
      return [];
    });
    expect(called).toBe(false);
  });

  it('are refused by an event store that does not store jobs, before anything is appended', async () => {
    const store = createEventStore(running.platform.db, { clock: running.platform.clock });
    expect(store.writesJobs).toBe(false);
    await expect(
      store.append(
        'tally-2',
        'tally',
        'no_stream',
        [{ type: 'tally.added.v1', data: { by: 1 } }],
        undefined,
        [reminder('remind-1', 1)],
      ),
    ).rejects.toThrow(/does not store jobs/);
    expect(await store.readStream('tally-2')).toEqual([]);
  });

  it.skipIf(jobsOnRedis)('embedded: keep the last of two with one id stored together', async () => {
    const { db, jobs } = running.platform;
    await db.transaction((trx) =>
      jobs.storeInTransaction?.(trx, [
        reminder('remind-1', 1),
        { ...reminder('remind-1', 2), runAt: new Date('2031-01-01T00:00:00Z') },
      ]),
    );
    expect(await jobs.find('remind-1')).toMatchObject({
      payload: { total: 2 },
      runAt: new Date('2031-01-01T00:00:00Z'),
    });
  });
});
