// `npm start`: install what is missing, build the front end and the server when their sources changed, then run
// the whole product in embedded mode (one process, PGlite in ./data) on http://localhost:3000 (PORT to change).
// The server runs compiled (services/gateway/dist/main.mjs, see build-server.mjs); `npm run dev` runs the
// TypeScript sources through tsx instead, so a change needs no build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { remotes, shell } from '../remotes.config.mjs';
import { ensureInstalled, repoRoot } from './ensure-installed.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const frontEndSources = [
  'ui',
  shell.folder,
  ...remotes.map(({ folder }) => folder),
  'contracts',
  'remotes.config.mjs',
];
const builtMarker = join(repoRoot, 'dist', 'web', 'index.html');
const serverSources = ['services', 'contracts'];
const builtServer = join(repoRoot, 'services', 'gateway', 'dist', 'main.mjs');
const dev = process.argv.includes('--dev');

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function frontEndIsStale() {
  if (!existsSync(builtMarker)) return true;
  const built = statSync(builtMarker).mtimeMs;
  return frontEndSources.some((dir) => newestChange(join(repoRoot, dir)) > built);
}

ensureInstalled();
if (process.argv.includes('--rebuild') || frontEndIsStale()) {
  console.log('Building the front end…');
  // Exit 2 means everything was built but the /auth download is over its size budget: still start.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 && build.status !== 2) process.exit(build.status ?? 1);
}

function serverIsStale() {
  if (!existsSync(builtServer)) return true;
  const built = statSync(builtServer).mtimeMs;
  return serverSources.some((dir) => newestChange(join(repoRoot, dir)) > built);
}

if (!dev && serverIsStale()) {
  console.log('Compiling the server…');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = dev ? ['--import', 'tsx', 'services/gateway/src/main.ts'] : [builtServer];
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...entry], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { NODE_ENV: dev ? 'development' : 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
