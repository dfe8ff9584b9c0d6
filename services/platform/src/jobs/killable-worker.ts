import pino from 'pino';
import type { Platform } from '../platform';
import { createBullmqJobs } from './bullmq-jobs';

// The worker process the killed-worker test SIGKILLs mid-job:
// `node --import tsx killable-worker.ts <redis url> <queue> <lock duration ms>`.
// It takes `lock.hold` jobs, says so on stdout, and holds them until it is killed.

const [redisUrl, queueName, lockDuration] = process.argv.slice(2);
const logger = pino({ level: 'silent' });
const jobs = createBullmqJobs({
  redisUrl,
  queueName,
  clock: { now: () => new Date() },
  logger,
  platform: () => ({ logger }) as unknown as Platform,
  lockDuration: Number(lockDuration),
  stalledInterval: Number(lockDuration),
});
jobs.register('lock.hold', async (_payload, { jobId }) => {
  process.stdout.write(`taken ${jobId}\n`);
  await new Promise(() => {});
});
await jobs.start();
process.stdout.write('ready\n');
