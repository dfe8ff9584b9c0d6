import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import type { Platform } from '../platform';
import { needsInfra } from '../testing/needs-infra';
import { createBullmqJobs } from './bullmq-jobs';
import { dropJobsQueue } from './drop-jobs-queue';
import type { Jobs } from './types';

const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
const onRedis = needsInfra('YOMAN_TEST_REDIS_URL');
const logger = pino({ level: 'silent' });
const platform = { logger } as unknown as Platform;
/** Short holds, so a dead worker's job is noticed within seconds instead of BullMQ's 30 s. */
const LOCK_MS = 1000;

/** Starts the killable worker in its own process and resolves once it listens on the queue. */
function startWorkerProcess(queueName: string) {
  const script = fileURLToPath(new URL('./killable-worker.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, redisUrl as string, queueName, `${LOCK_MS}`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (output.includes(line)) resolve();
      };
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        look();
      });
      child.on('exit', (code) => reject(new Error(`the worker process exited (${code}) before "${line}"`)));
      look();
    });
  return { child, said };
}

onRedis.describe('a worker killed in the middle of a job', () => {
  const started: { child?: ChildProcess; jobs: Jobs[]; queue?: string } = { jobs: [] };
  afterEach(async () => {
    if (started.child?.exitCode === null) started.child.kill('SIGKILL');
    for (const jobs of started.jobs) await jobs.stop();
    if (started.queue) await dropJobsQueue(redisUrl as string, started.queue);
    started.jobs = [];
  });

  it('leaves the job to another worker, which runs it to completion once the stall is noticed', async () => {
    const queueName = `yoman-test-killed-${randomBytes(4).toString('hex')}`;
    started.queue = queueName;
    const worker = startWorkerProcess(queueName);
    started.child = worker.child;
    await worker.said('ready');

    const producer = createBullmqJobs({
      redisUrl: redisUrl as string,
      queueName,
      clock: { now: () => new Date() },
      logger,
      platform: () => platform,
      work: false,
    });
    started.jobs.push(producer);
    await producer.start();
    await producer.schedule({ id: 'lock:held', name: 'lock.hold', runAt: new Date(), payload: { n: 1 } });
    await worker.said('taken lock:held');
    expect(await producer.find('lock:held')).toMatchObject({ status: 'running', attempts: 1 });

    const killedAt = Date.now();
    worker.child.kill('SIGKILL');
    const rescuer = createBullmqJobs({
      redisUrl: redisUrl as string,
      queueName,
      clock: { now: () => new Date() },
      logger,
      platform: () => platform,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS / 2,
    });
    started.jobs.push(rescuer);
    const finished = new Promise<{ payload: unknown; attempt: number }>((resolve) =>
      rescuer.register('lock.hold', async (payload, { attempt }) => resolve({ payload, attempt })),
    );
    await rescuer.start();

    expect(await finished).toEqual({ payload: { n: 1 }, attempt: 1 });
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    await expect.poll(() => producer.find('lock:held'), { timeout: 5000 }).toMatchObject({ status: 'done' });
  }, 20_000);
});
