import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, ensureSchema } from '../db/database';
import { runMigrations } from '../db/migrations';
import { notificationChannel } from '../db/notification-listener';
import { platformModule } from '../platform-module';
import { needsInfra } from '../testing/needs-infra';
import { testConfig } from '../testing/test-config';
import { notifyCheckpoints, readCheckpointNotice } from './checkpoint-notifications';
import { createCheckpointWatch } from './checkpoint-watch';

const logger = pino({ level: 'silent' });
const onPostgres = needsInfra('YOMAN_TEST_DATABASE_URL');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a checkpoint notice', () => {
  it('reads back the checkpoints a projector sent', () => {
    const notices = [
      { projection: 'trades', topic: 'yoman.trade', partition: 2, position: 41 },
      { projection: 'daily_aggregates', topic: 'yoman.trade', partition: 0, position: 17 },
    ];
    const sent = JSON.stringify(notices.map((n) => [n.projection, n.topic, n.partition, n.position]));
    expect(readCheckpointNotice(sent)).toEqual(notices);
  });

  it('asks for the table to be read when it is empty or unreadable', () => {
    for (const payload of [undefined, '', 'not json', '{"a":1}', '[["trades","t",0.5,3]]', '[[1,2,3,4]]']) {
      expect(readCheckpointNotice(payload)).toBe('reread');
    }
  });
});

onPostgres.describe('the checkpoint watch on PostgreSQL', () => {
  const config = testConfig();
  const db = createDatabase(config);
  const connectionString = config.databaseUrl as string;
  const channel = notificationChannel('checkpoints', config.databaseSchema, 'watch.');
  const target = (position: number) => ({
    projections: ['trades'],
    topic: 'watch.trade',
    partition: 1,
    position,
    deadline: Date.now() + 10_000,
  });

  beforeAll(async () => {
    await ensureSchema(db, config.databaseSchema);
    await runMigrations(db, [platformModule]);
  });
  afterAll(async () => {
    await db.raw('drop schema if exists ?? cascade', [config.databaseSchema as string]);
    await db.destroy();
  });

  it('ends a wait on a projector notification, before any read of the table could', async () => {
    const watch = createCheckpointWatch(db, logger, { connectionString, channel });
    try {
      const waiting = watch.until(target(7));
      let ended = false;
      void waiting.then(() => {
        ended = true;
      });
      // The table never holds position 7: only the notification can end this wait.
      for (let tries = 0; !ended && tries < 100; tries += 1) {
        await db.transaction((trx) =>
          notifyCheckpoints(trx, channel, [
            { projection: 'trades', topic: 'watch.trade', partition: 1, position: 7 },
          ]),
        );
        await pause(50);
      }
      await waiting;
    } finally {
      await watch.close();
    }
  });

  it('does not end a wait on a position it learned before the wait began (the table was emptied since)', async () => {
    const watch = createCheckpointWatch(db, logger, { connectionString, channel });
    const notice = { projection: 'trades', topic: 'watch.trade', partition: 1, position: 9 };
    try {
      const first = watch.until(target(9));
      let heard = false;
      void first.then(() => {
        heard = true;
      });
      for (let tries = 0; !heard && tries < 100; tries += 1) {
        await db.transaction((trx) => notifyCheckpoints(trx, channel, [notice]));
        await pause(50);
      }
      await first;
      // The view holds 9 from before; the table (emptied, as between tests) holds nothing.
      let ended = false;
      const second = watch.until(target(2)).then(() => {
        ended = true;
      });
      await pause(400);
      expect(ended).toBe(false);
      await db('projection_partition_checkpoints').insert({ ...notice, position: 2 });
      await second;
    } finally {
      await db('projection_partition_checkpoints').delete();
      await watch.close();
    }
  });

  it('reads the table when it cannot listen, and still ends the wait', async () => {
    const unreachable = 'postgres://nobody:nothing@127.0.0.1:1/none';
    const watch = createCheckpointWatch(db, logger, { connectionString: unreachable, channel });
    try {
      const waiting = watch.until(target(3));
      await db('projection_partition_checkpoints').insert({
        projection: 'trades',
        topic: 'watch.trade',
        partition: 1,
        position: 3,
      });
      await expect(waiting).resolves.toBeUndefined();
    } finally {
      await watch.close();
    }
  });
});
