import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const LOCK_FILE = 'yoman.pid';
/** Directories this process holds: a file naming our own pid is stale (a container restarts as pid 1 again). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims an embedded data directory for this process: PGlite is single-process, and a second process
 * (a CLI run while the server runs) would corrupt it. Returns the release function.
 */
export function claimDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      const ours = holder === process.pid;
      if ((ours && heldHere.has(file)) || (!ours && holder > 0 && isAlive(holder))) {
        throw new Error(`Another Yoman process (pid ${holder}) is using ${dataDir}; stop it first`);
      }
      // Left behind by a process that died: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim ${dataDir}`);
}
