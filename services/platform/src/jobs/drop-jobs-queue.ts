import { distributedDrivers } from '../distributed-drivers';

/** Removes a queue and every job in it from Redis (tests on a shared Redis clean up their own queues). */
export async function dropJobsQueue(redisUrl: string, queueName: string): Promise<void> {
  const url = new URL(redisUrl);
  // A connection of the queue's own, so closing the queue closes it too.
  const { Queue } = distributedDrivers.bullmq();
  const queue = new Queue(queueName, {
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password || undefined,
      db: Number(url.pathname.slice(1) || 0),
    },
  });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
}
