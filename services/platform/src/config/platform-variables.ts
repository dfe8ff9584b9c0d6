import { z } from 'zod';
import { defineModuleConfig } from './variables';

const hexKeySchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex chars');

const brokersSchema = z.string().transform((raw, context) => {
  const brokers = raw.split(',').map((broker) => broker.trim());
  const bad = brokers.find((broker) => !/^[\w.-]+:\d{1,5}$/.test(broker));
  if (bad === undefined) return brokers;
  context.issues.push({
    code: 'custom',
    message: `is invalid: ${JSON.stringify(bad)} must be host:port`,
    input: raw,
  });
  return z.NEVER;
});

/**
 * The platform's own variables: the process, its database, its event delivery and its jobs. A default that
 * depends on another variable (the log level under test) is worked out by `loadConfig`. The gateway's session
 * and service proxy variables are its own (`services/gateway/src/gateway-config.ts`).
 */
export const platformVariables = defineModuleConfig({
  PORT: {
    schema: z.coerce.number().int().min(0).max(65535),
    default: '3000',
    description: 'HTTP port',
  },
  HOST: {
    schema: z.string().min(1),
    default: '127.0.0.1',
    description: 'address to listen on (`0.0.0.0` in containers)',
  },
  NODE_ENV: {
    schema: z.enum(['development', 'production', 'test']),
    default: 'production',
    description: '`development` or `test` turn off the `Secure` cookie flag',
  },
  DATA_DIR: {
    schema: z.string(),
    default: './data',
    description: 'PGlite database, uploaded images, the generated session key',
  },
  DATABASE_URL: {
    schema: z.url({ protocol: /^postgres(ql)?$/ }),
    description: 'use PostgreSQL instead of PGlite (`postgres://user:password@host:5432/db`)',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    defaultText: '`info`',
    description: 'pino log level (`fatal` … `trace`, `silent`)',
  },
  KAFKA_BROKERS: {
    schema: brokersSchema,
    description:
      '`host:port,host:port` of the Kafka brokers; with it, events travel from the event store through Kafka to the projectors (distributed mode)',
  },
  KAFKA_TOPIC_PREFIX: {
    schema: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{1,40}$/, 'must be letters, digits, dots, dashes or underscores'),
    default: 'yoman.',
    description:
      'prefix of every topic (`yoman.trade`, `yoman.identity`) and consumer group, so several installations can share a cluster',
  },
  KAFKA_PARTITIONS: {
    schema: z.coerce.number().int().min(1).max(1000),
    default: '3',
    description:
      'partitions of each module topic; a stream always goes to the one partition this count places it on, so it must not change once events are published (`prepare` refuses a mismatch)',
  },
  REDIS_URL: {
    schema: z.url({ protocol: /^rediss?$/ }),
    description:
      '`redis://host:6379`; with it, jobs (trade locks) run on BullMQ instead of the embedded scheduler',
  },
  INTERNAL_SECRET: {
    schema: hexKeySchema,
    description:
      '64 hex characters signing the caller header the gateway sends to services; the same value on the gateway and every service API',
  },
});
