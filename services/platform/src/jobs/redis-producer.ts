import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { distributedDrivers } from '../distributed-drivers';
import { AppError, unavailable } from '../http/errors';
import { settlesWithin } from './settles-within';

/** A producer command on the request path gives up after this, so a dead Redis answers 503 quickly. */
export const REDIS_ANSWER_MS = 1000;

/**
 * How long a command run while a process starts (registering recurring work) waits for Redis. Nobody waits on
 * it at the door, and a busy Redis loading BullMQ's scripts can take more than a second to answer.
 */
export const REDIS_STARTUP_ANSWER_MS = 20_000;

/** The request path's Redis connection: no offline queue, so a command with Redis gone fails at once. */
export function createRedisProducer(redisUrl: string, logger: Logger) {
  const producer = new (distributedDrivers.ioredis().Redis)(redisUrl, {
    enableOfflineQueue: false,
    connectTimeout: REDIS_ANSWER_MS,
    // The request path's bound is the race in whileRedisAnswers; this one only drops commands left waiting.
    commandTimeout: REDIS_STARTUP_ANSWER_MS,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  producer.on('error', (error) => logger.warn({ err: error }, 'the jobs producer lost Redis'));

  /** Runs a producer command; Redis down or silent becomes a 503 within `withinMs` (about a second). */
  const whileRedisAnswers = async <Result>(
    command: () => Promise<Result>,
    withinMs = REDIS_ANSWER_MS,
  ): Promise<Result> => {
    if (producer.status !== 'ready') {
      // ioredis reconnects by itself; a second connect() while it does would leave a stray socket behind.
      if (producer.status === 'wait' || producer.status === 'end') producer.connect().catch(() => {});
      throw unavailable();
    }
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), withinMs);
    });
    try {
      return await Promise.race([command(), silence]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.warn({ err: error }, 'a jobs command failed on Redis');
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * Resolves once the connection is ready, whoever began connecting it (BullMQ's first command connects a lazy
   * connection too); rejects on the first connection error, or after `withinMs` without an answer.
   */
  const whenReady = (withinMs = REDIS_STARTUP_ANSWER_MS) =>
    new Promise<void>((resolve, reject) => {
      if (producer.status === 'ready') {
        resolve();
        return;
      }
      const settle = (error?: unknown) => {
        clearTimeout(timer);
        producer.off('ready', onReady);
        producer.off('error', settle);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onReady = () => settle();
      const timer = setTimeout(() => settle(unavailable()), withinMs);
      producer.once('ready', onReady);
      producer.once('error', settle);
      if (producer.status === 'wait' || producer.status === 'end') producer.connect().catch(settle);
    });

  return { producer, whileRedisAnswers, whenReady };
}

/** How long a closing connection waits for Redis to acknowledge QUIT before it is dropped. */
const QUIT_WAIT_MS = 1000;

/**
 * Closes a connection this adapter opened (BullMQ leaves connections passed to it open): QUIT when Redis
 * answers, dropped when it is away or silent.
 */
export async function quit(connection: Redis | undefined) {
  if (!connection || connection.status === 'end') return;
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  // QUIT's answer ends the connection; a failed or unanswered QUIT drops it.
  const quitting = connection.quit().catch(() => connection.disconnect());
  if (!(await settlesWithin(quitting, QUIT_WAIT_MS))) connection.disconnect();
}
