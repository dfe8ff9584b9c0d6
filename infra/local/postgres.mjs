// A throwaway PostgreSQL server on 127.0.0.1 and a free port, for the infra suite and for trying the
// distributed mode by hand. `node infra/local/postgres.mjs` prints DATABASE_URL and runs until Ctrl-C.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureDebianPackage } from './debian-packages.mjs';
import { freePort, startServerProcess, stopperOf, waitUntil } from './server-process.mjs';

const DATABASE = 'yoman';
const ROLE = 'yoman';
const PASSWORD = 'yoman-local';
const SUPERUSER_PASSWORD = 'postgres-local';

/** The newest installed server's bin directory (Debian keeps initdb and postgres out of PATH). */
function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/**
 * Who runs the server: the `postgres` account the Debian package creates when we are root (the server
 * refuses to run as root), else the current user.
 */
function postgresAccount() {
  if (process.getuid?.() !== 0) return { uid: process.getuid(), gid: process.getgid() };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs one of the server's programs as the postgres account; throws with its output when it fails. */
function runAsPostgres(binDir, program, args, account) {
  const result = spawnSync(join(binDir, program), args, { ...account, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${program} failed (exit ${result.status ?? result.signal}): ${result.stderr || result.stdout}`,
    );
  }
}

/** Settings for a disposable server: durability off (nothing here must survive a crash), room for test pools. */
const THROWAWAY_SETTINGS = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
  'shared_buffers=64MB',
  'logging_collector=off',
];

/**
 * Installs PostgreSQL when missing, starts a fresh cluster in a temporary directory on 127.0.0.1 and a
 * free port, and creates the `yoman` role and database. Returns the URL and `stop()`, which stops the
 * server and deletes the directory (also done on SIGINT/SIGTERM).
 */
export async function startPostgres({ port } = {}) {
  ensureDebianPackage('postgresql', () => postgresBinDir() !== undefined);
  const binDir = postgresBinDir();
  const account = postgresAccount();
  const dir = mkdtempSync(join(tmpdir(), 'yoman-postgres-'));
  chownSync(dir, account.uid, account.gid);
  const dataDir = join(dir, 'data');
  const passwordFile = join(dir, 'superuser-password');
  writeFileSync(passwordFile, SUPERUSER_PASSWORD);
  chownSync(passwordFile, account.uid, account.gid);
  runAsPostgres(
    binDir,
    'initdb',
    [
      '-D',
      dataDir,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ],
    account,
  );
  const serverPort = port ?? (await freePort());
  const logFile = join(dir, 'postgres.log');
  writeFileSync(logFile, '');
  chownSync(logFile, account.uid, account.gid);
  const settings = [
    `listen_addresses=127.0.0.1`,
    `port=${serverPort}`,
    `unix_socket_directories=${dir}`,
    ...THROWAWAY_SETTINGS,
  ].flatMap((s) => ['-c', s]);
  const child = startServerProcess(join(binDir, 'postgres'), ['-D', dataDir, ...settings], {
    ...account,
    logFile,
  });

  // Postgres treats SIGINT as "fast shutdown": roll back open transactions, close clients, exit.
  const stop = stopperOf(() => child, dir, { signal: 'SIGINT' });

  try {
    const superuser = `postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${serverPort}/postgres`;
    await waitUntil('PostgreSQL', () => canConnect(superuser), { child, logFile });
    const client = new pg.Client({ connectionString: superuser });
    await client.connect();
    try {
      await client.query(`create role ${ROLE} login password '${PASSWORD}'`);
      await client.query(`create database ${DATABASE} owner ${ROLE}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${serverPort}/${DATABASE}`;
  return { url, port: serverPort, pid: child.pid, dataDir, logFile, stop };
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const server = await startPostgres();
  console.log(`DATABASE_URL=${server.url}`);
  console.error(
    `PostgreSQL ready in ${Date.now() - started} ms (pid ${server.pid}, log ${server.logFile}); Ctrl-C stops it.`,
  );
  // Kept alive until SIGINT/SIGTERM, whose handler stops the server and removes its directory.
  setInterval(() => {}, 1 << 30);
}
