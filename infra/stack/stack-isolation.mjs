// What keeps one stack apart from everything else on shared servers: a PostgreSQL schema of its own (the
// processes see it through the connection string's search_path), an empty Redis database number (the BullMQ
// queue name is not configurable per installation), and a topic prefix of its own on Kafka.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';

/** The connection string every process of the stack gets: the server's, with `search_path` set to `schema`. */
export function databaseUrlOf(serverUrl, schema) {
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** A pg client on the stack's schema (the caller ends it). */
export async function connectToSchema(serverUrl, schema) {
  const client = new pg.Client({ connectionString: databaseUrlOf(serverUrl, schema) });
  await client.connect();
  return client;
}

/** Creates `schema` on the server (the role may not create databases, but it may create schemas). */
export async function createSchema(serverUrl, schema) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create schema "${schema}"`);
  } finally {
    await client.end();
  }
}

export async function dropSchema(serverUrl, schema) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** Drops the schema from a child process: the only way left inside a process 'exit' handler. */
export function dropSchemaNow(serverUrl, schema) {
  const script =
    "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});" +
    "c.connect().then(()=>c.query('drop schema if exists \"'+process.argv[2]+'\" cascade')).finally(()=>c.end())";
  spawnSync(process.execPath, ['-e', script, serverUrl, schema], {
    cwd: join(import.meta.dirname, '..', '..'),
    timeout: 10_000,
    stdio: 'ignore',
  });
}

/**
 * A Redis URL on a database number (1–15) that holds no key, claimed with a marker key so two stacks
 * starting together pick different ones.
 */
export async function claimRedisDatabase(redisUrl, marker) {
  const start = 1 + Math.floor(Math.random() * 15);
  for (let step = 0; step < 15; step += 1) {
    const db = ((start + step - 1) % 15) + 1;
    const url = new URL(redisUrl);
    url.pathname = `/${db}`;
    const client = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
    try {
      if ((await client.dbsize()) > 0) continue;
      // NX: the first stack to write the marker owns the database.
      if ((await client.set('yoman-stack', marker, 'NX')) === 'OK') return url.toString();
    } finally {
      client.disconnect();
    }
  }
  throw new Error(`no empty Redis database (1-15) on ${redisUrl}`);
}

/**
 * The BullMQ record of a trade's lock job in the stack's Redis database, in whichever queue holds it:
 * `{ queue, failedReason, finished }` per copy (the database is the stack's alone, so a scan is safe).
 */
export async function lockJobAttempts(url, tradeId) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`bull:*:yoman-lock%3A${tradeId}`);
    const records = [];
    for (const key of keys) {
      const [failedReason, finishedOn] = await client.hmget(key, 'failedReason', 'finishedOn');
      records.push({ queue: key.split(':')[1], failedReason, finished: finishedOn !== null });
    }
    return records;
  } finally {
    client.disconnect();
  }
}

export async function flushRedisDatabase(url) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/** Deletes the stack's topics and consumer groups (every name that starts with `prefix`). */
export async function deleteKafkaNames(brokers, prefix) {
  const kafka = new Kafka({
    clientId: `${prefix}cleanup`,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.listGroups();
    const ours = groups.map((group) => group.groupId).filter((id) => id.startsWith(prefix));
    if (ours.length > 0) await admin.deleteGroups(ours).catch(() => {});
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
