// The sweep that locks trades whose own lock job was lost, so a lost queue never leaves a window open.
import { describe, expect, it } from 'vitest';
import { ALICE, tradeTestAppPerFile } from '../test-support/trade-test-app';
import { lockOverdueTrades, OVERDUE_AFTER_MS, overdueLocksSchedule } from './overdue-locks';
import { lockJobId } from './trade-commands';

const t = tradeTestAppPerFile();

const sweepAt = (now: Date) =>
  lockOverdueTrades(null, { jobId: overdueLocksSchedule.id, now, attempt: 1, platform: t.harness.platform });

const listed = async (id: string) =>
  (
    (await t.call('GET', '/api/trades', ALICE)).json() as {
      id: string;
      isLocked: boolean;
      trustScore: number;
    }[]
  ).find((trade) => trade.id === id);

describe('the overdue-lock sweep', () => {
  it('is registered as recurring work when the platform starts', async () => {
    await t.harness.platform.jobs.every(overdueLocksSchedule);
    expect(await t.harness.platform.jobs.find(overdueLocksSchedule.id)).toMatchObject({
      name: overdueLocksSchedule.name,
      status: 'scheduled',
    });
  });

  it('given a trade whose lock job was lost, when the sweep runs after its window, then it is locked', async () => {
    const { id, lockAt } = (await t.logTrade()) as { id: string; lockAt: string };
    await t.harness.platform.jobs.cancel(lockJobId(id));
    await sweepAt(new Date(new Date(lockAt).getTime() + OVERDUE_AFTER_MS + 1000));
    expect(await listed(id)).toMatchObject({ isLocked: true, trustScore: 85 });
    const types = (await t.harness.platform.eventStore.readStream(`trade-${id}`)).map((event) => event.type);
    expect(types).toEqual(['trade.logged.v1', 'trade.locked.v1', 'trade.trust-changed.v1']);
  });

  it('leaves a trade alone while its window is open or its own job may still run', async () => {
    const { id, lockAt } = (await t.logTrade()) as { id: string; lockAt: string };
    await sweepAt(new Date(new Date(lockAt).getTime() + OVERDUE_AFTER_MS - 1000));
    expect(await listed(id)).toMatchObject({ isLocked: false });
    expect(await t.harness.platform.eventStore.readStream(`trade-${id}`)).toHaveLength(1);
  });

  it('locks a trade once even when its own job and the sweep both run', async () => {
    const { id, lockAt } = (await t.logTrade()) as { id: string; lockAt: string };
    const late = new Date(new Date(lockAt).getTime() + OVERDUE_AFTER_MS + 1000);
    await t.harness.platform.jobs.runDueJobs(late);
    await sweepAt(late);
    const types = (await t.harness.platform.eventStore.readStream(`trade-${id}`)).map((event) => event.type);
    expect(types.filter((type) => type === 'trade.locked.v1')).toHaveLength(1);
  });
});
