import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { type Config, IN_MEMORY_DATA_DIR } from '../config/config';
import { distributedDrivers } from '../distributed-drivers';
import { changesSchema, forgetPrepared, runPrepared, runsPrepared } from './pglite-statements';

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
  const pg = distributedDrivers.pg();
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
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory: 16 MB instead of its 128 MB default. The
 * pages also sit in the operating system's file cache, and the busiest answers in the read cache, so a
 * larger buffer bought little speed for its share of the process's memory: 128 → 32 MB saved about 100 MB,
 * 32 → 16 MB another 15 MB after the bench (BENCHMARKS.md, issue 14).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const embeddedDirectoryOf = (dataDir: string) =>
  dataDir.startsWith(IN_MEMORY_DATA_DIR) ? undefined : join(dataDir, 'pglite');

/** Run by a Node process of its own: creates the cluster in `argv[2]` with PGlite from `argv[1]`, then exits. */
const CREATE_CLUSTER = `
const [pgliteUrl, directory, ...startParams] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const creating = new PGlite(directory, { startParams });
await creating.waitReady;
await creating.close();
`;

/**
 * Creates a new embedded data directory in a short-lived Node process, so the process that keeps the
 * database never holds what creating the cluster (initdb) touched: a few hundred MB of WebAssembly memory
 * that a closed PGlite in the same process did not give back (687 against 278 MB resident once started,
 * BENCHMARKS.md, issue 14). A directory that exists, PostgreSQL and `memory://` need nothing.
 */
export async function initialiseEmbeddedDirectory(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  const directory = config.databaseUrl ? undefined : embeddedDirectoryOf(config.dataDir);
  if (!directory || existsSync(join(directory, 'PG_VERSION'))) return;
  mkdirSync(directory, { recursive: true });
  await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      CREATE_CLUSTER,
      import.meta.resolve('@electric-sql/pglite'),
      directory,
      ...EMBEDDED_START_PARAMS,
    ],
    { timeout: 120_000 },
  );
}

interface CompiledQuery {
  sql: string;
  bindings?: readonly unknown[];
  response?: unknown;
}

/**
 * knex-pglite's client, with data statements run as named prepared statements (pglite-statements.ts)
 * instead of through PGlite's `query`, which parses and plans each statement anew.
 */
class EmbeddedClient extends (ClientPgLite as unknown as new (
  config: Knex.Config,
) => { _query(connection: PGlite, query: CompiledQuery): Promise<CompiledQuery> }) {
  override async _query(connection: PGlite, query: CompiledQuery): Promise<CompiledQuery> {
    if (!query.sql || !runsPrepared(query.sql)) {
      const done = await super._query(connection, query);
      if (changesSchema(query.sql)) await forgetPrepared(connection);
      return done;
    }
    query.response = await runPrepared(connection, query.sql, query.bindings ?? []);
    return query;
  }
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
    client: EmbeddedClient as unknown as typeof ClientPgLite,
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
