import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { type Config, IN_MEMORY_DATA_DIR } from '../config/config';

const INT8_OID = 20;

/**
 * int8 (`count(*)`, bigserial positions) arrives as a string from pg and as a number or BigInt from PGlite;
 * every caller gets a plain number instead. Counts and positions stay far below 2^53.
 */
const int8AsNumber = (value: string) => Number(value);

/** The knex instance of this process: PostgreSQL through pg when `DATABASE_URL` is set, else PGlite. */
export function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Knex {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl, config.databaseSchema);
  return createEmbeddedDatabase(config.dataDir, config.databaseSchema);
}

/** Creates the configured schema if needed; run before the migrations. */
export async function ensureSchema(db: Knex, schema: string | undefined): Promise<void> {
  if (schema) await db.raw('create schema if not exists ??', [schema]);
}

function createPostgresDatabase(connectionString: string, schema?: string): Knex {
  return knex({
    client: 'pg',
    searchPath: schema ? [schema] : undefined,
    connection: {
      connectionString,
      types: {
        getTypeParser: (oid: number, format: string) =>
          oid === INT8_OID
            ? int8AsNumber
            : pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text'),
      },
    },
    pool: { min: 0, max: 10 },
  });
}

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory: 32 MB instead of its 128 MB default. The
 * pages also sit in the operating system's file cache, and the busiest answers in the read cache, so the
 * larger buffer bought little speed for about 100 MB of the process's memory (BENCHMARKS.md, issue 14).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const embeddedDirectoryOf = (dataDir: string) =>
  dataDir.startsWith(IN_MEMORY_DATA_DIR) ? undefined : join(dataDir, 'pglite');

/**
 * Creates a new embedded data directory with a PGlite of its own, closed before the process opens the one
 * it keeps: creating the cluster (initdb) leaves a few hundred MB of WebAssembly memory behind that only
 * closing that instance gives back. A directory that exists, PostgreSQL and `memory://` need nothing.
 */
export async function initialiseEmbeddedDirectory(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  const directory = config.databaseUrl ? undefined : embeddedDirectoryOf(config.dataDir);
  if (!directory || existsSync(join(directory, 'PG_VERSION'))) return;
  mkdirSync(directory, { recursive: true });
  const creating = new PGlite(directory, { startParams: EMBEDDED_START_PARAMS });
  await creating.waitReady;
  await creating.close();
}

/** PGlite in `<dataDir>/pglite`, or in memory for `memory://`. knex-pglite holds its one connection. */
function createEmbeddedDatabase(dataDir: string, schema?: string): Knex {
  const directory = embeddedDirectoryOf(dataDir);
  if (directory) mkdirSync(directory, { recursive: true });
  const pglite = new PGlite(directory, {
    parsers: { [pgliteTypes.INT8]: int8AsNumber },
    startParams: EMBEDDED_START_PARAMS,
  });
  return knex({
    client: ClientPgLite,
    dialect: 'postgres',
    searchPath: schema ? [schema] : undefined,
    // A function, so knex does not deep-clone the PGlite instance as connection settings.
    connection: () => ({ pglite }) as unknown as Knex.StaticConnectionConfig,
  });
}

/** Whether `error` is Postgres's unique violation; PGlite's error class is minified, so test the code. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
