import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import type { RecordedEvent } from '../event-store/types';
import { resetDatabase } from '../testing/reset-database';
import { testConfig } from '../testing/test-config';
import { createTestPlatform } from '../testing/test-platform';
import { deliveredLog, notesModule, notesPerAuthor, written } from './notes-fixture';
import { deliverAppended } from './projection-delivery';

// Embedded mode on PGlite writes an append group's read-model rows in the group's own transaction: the
// events, every projection's rows and the checkpoints commit together, so a save answers without a second
// transaction or a wait. Only when every projection stands right before the group; otherwise, and when a
// projection throws, the runner delivers the events after the commit, as before.

// Inline delivery is PGlite's: on PostgreSQL (the infra suite's YOMAN_TEST_DATABASE_URL) the runner delivers.
const onPostgres = Boolean(testConfig().databaseUrl);
let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([notesModule], {});
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const readModel = () => running.platform.db('notes_per_author').orderBy('author').select('author', 'notes');
const log = async () =>
  (await running.platform.db('delivered_log').orderBy('id').pluck('position')).map(Number);
const checkpoints = async () =>
  (
    await running.platform
      .db('projection_checkpoints')
      .whereIn('name', [notesPerAuthor.name, deliveredLog.name])
      .pluck('position')
  ).map(Number);

/** The statements `work` runs, as knex reports them. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const record = (query: { sql: string }) => statements.push(query.sql);
  running.platform.db.on('query', record);
  try {
    await work();
  } finally {
    running.platform.db.off('query', record);
  }
  return statements;
}

const readsOfEvents = (statements: string[]) =>
  statements.filter((sql) => /from "events" where "position" >/i.test(sql));

describe.skipIf(onPostgres)('inline delivery (embedded mode on PGlite)', () => {
  it('commits an append and every read model in one transaction, leaving the runner nothing to do', async () => {
    const { eventStore, projections } = running.platform;
    let lastPosition = 0;
    const appending = await statementsOf(async () => {
      ({ lastPosition } = await eventStore.append('note-1', 'note', 'no_stream', [
        written('dana'),
        written('avi'),
      ]));
    });
    expect(appending.filter((sql) => /^begin/i.test(sql))).toHaveLength(1);
    expect(readsOfEvents(appending)).toEqual([]);
    // Visible as soon as the append answers, before any catch-up.
    expect(await readModel()).toEqual([
      { author: 'avi', notes: 1 },
      { author: 'dana', notes: 1 },
    ]);
    expect(await checkpoints()).toEqual([2, 2]);
    expect(await statementsOf(() => projections.waitFor(lastPosition))).toEqual([]);
    expect(await statementsOf(() => projections.catchUp())).not.toContainEqual(
      expect.stringMatching(/insert into "(notes_per_author|delivered_log)"/i),
    );
  });

  it('applies concurrent appends group by group in position order, as a rebuild does', async () => {
    const { eventStore, projections } = running.platform;
    const authors = ['dana', 'avi', 'noa', 'dana', 'eli', 'avi', 'dana', 'tal', 'noa', 'dana'];
    const results = await Promise.all(
      authors.map((author, index) =>
        eventStore.append(`note-${index}`, 'note', 'no_stream', [written(author)]),
      ),
    );
    await projections.waitFor(Math.max(...results.map((result) => result.lastPosition)));
    expect(await log()).toEqual(authors.map((_, index) => index + 1));
    const live = await readModel();
    expect(live).toContainEqual({ author: 'dana', notes: 4 });
    await projections.rebuild();
    expect(await readModel()).toEqual(live);
    expect(await log()).toEqual(authors.map((_, index) => index + 1));
  });

  it('keeps the events of a group a projection throws on at their positions, and the runner records and skips that one', async () => {
    const { db, eventStore, projections } = running.platform;
    const { lastPosition } = await eventStore.append('note-1', 'note', 'no_stream', [
      written('dana'),
      written('explode'),
      written('avi'),
    ]);
    expect(lastPosition).toBe(3);
    await projections.waitFor(3);
    expect(await readModel()).toEqual([
      { author: 'avi', notes: 1 },
      { author: 'dana', notes: 1 },
    ]);
    expect(await db('projection_failures').select('projection', 'position')).toEqual([
      { projection: notesPerAuthor.name, position: 2 },
    ]);
    // The runner has caught the checkpoints up, so the next group is applied inline again.
    const next = await statementsOf(() => eventStore.append('note-2', 'note', 'no_stream', [written('noa')]));
    expect(readsOfEvents(next)).toEqual([]);
    expect(await checkpoints()).toEqual([4, 4]);
  });

  it('stands aside while a replay rebuilds the read models, which end equal to a rebuild after it', async () => {
    const { eventStore, projections } = running.platform;
    await eventStore.append('note-0', 'note', 'no_stream', [written('dana'), written('avi')]);
    const replaying = running.projections.replay();
    const appended = await Promise.all(
      ['noa', 'dana', 'eli'].map((author, index) =>
        eventStore.append(`note-${index + 1}`, 'note', 'no_stream', [written(author)]),
      ),
    );
    await replaying;
    await projections.waitFor(Math.max(...appended.map((result) => result.lastPosition)));
    const live = await readModel();
    expect(live).toEqual([
      { author: 'avi', notes: 1 },
      { author: 'dana', notes: 2 },
      { author: 'eli', notes: 1 },
      { author: 'noa', notes: 1 },
    ]);
    expect(await checkpoints()).toEqual([5, 5]);
    await projections.rebuild();
    expect(await readModel()).toEqual(live);
  });
});

describe.skipIf(onPostgres)('deliverAppended', () => {
  const event = (position: number, author: string): RecordedEvent => ({
    position,
    streamId: `note-${position}`,
    streamType: 'note',
    version: 1,
    type: 'note.written.v1',
    data: { author },
    metadata: {},
    recordedAt: new Date('2026-11-29T00:00:00Z'),
  });
  const deliver = (events: RecordedEvent[]) =>
    running.platform.db.transaction((trx) => deliverAppended(trx, [notesPerAuthor, deliveredLog], events));

  it('refuses events the projections do not stand right before, and changes nothing', async () => {
    await running.platform.eventStore.append('note-1', 'note', 'no_stream', [written('dana')]);
    expect(await checkpoints()).toEqual([1, 1]);
    expect(await deliver([event(3, 'avi')])).toBe(false);
    expect(await deliver([event(2, 'avi'), event(4, 'noa')])).toBe(false);
    expect(await deliver([])).toBe(false);
    expect(await readModel()).toEqual([{ author: 'dana', notes: 1 }]);
    expect(await checkpoints()).toEqual([1, 1]);
    expect(await deliver([event(2, 'avi'), event(3, 'noa')])).toBe(true);
    expect(await log()).toEqual([1, 2, 3]);
    expect(await checkpoints()).toEqual([3, 3]);
  });
});
