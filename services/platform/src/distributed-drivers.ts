import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The drivers only the distributed mode uses (Kafka, BullMQ with Redis, pg and pg-listen), loaded when a
 * component of that mode is first created instead of when the process starts: the embedded process never
 * needs them (about 10 MB less of its heap once started, BENCHMARKS.md, issue 14). They are required
 * as CommonJS, so the factories using them stay synchronous; their types are imported as types only.
 */
export const distributedDrivers = {
  kafkajs: () => require('kafkajs') as typeof import('kafkajs'),
  bullmq: () => require('bullmq') as typeof import('bullmq'),
  ioredis: () => require('ioredis') as typeof import('ioredis'),
  pg: () => require('pg') as typeof import('pg'),
  pgListen: () => require('pg-listen') as typeof import('pg-listen'),
};
