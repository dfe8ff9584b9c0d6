// `npm start`: install what is missing, build the front end when its sources changed, then run the whole product
// in embedded mode (one process, PGlite in ./data) on http://localhost:3000 (PORT to change).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { remotes, shell } from '../remotes.config.mjs';
import { ensureInstalled, repoRoot } from './ensure-installed.mjs';

const frontEndSources = [
  'ui',
  shell.folder,
  ...remotes.map(({ folder }) => folder),
  'contracts',
  'remotes.config.mjs',
];
const builtMarker = join(repoRoot, 'dist', 'web', 'index.html');

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
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

const server = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { NODE_ENV: process.argv.includes('--dev') ? 'development' : 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
