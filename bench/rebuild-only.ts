// `node --import tsx bench/rebuild-only.ts [events]`: only the bench's rebuild part. Seeds the same locked
// trades as the full bench (one student, then others, up to `events`, 100,000 by default) into the embedded
// gateway on a fresh temporary DATA_DIR, times `projections.replay()` over the whole store, prints one line
// and deletes the directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadConfig } from '@yoman/platform';
import { buildGateway } from '../services/gateway/src/gateway';
import { exitTimesOf, writeLockedTrades } from './bench-trades';

const targetEvents = Number(process.argv[2] ?? 100_000);
const studentTrades = Math.min(20_000, Math.ceil(targetEvents / 5));

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'yoman-rebuild-'));
  process.env.DATA_DIR = dataDir;
  const logger = createLogger({ level: 'warn', name: 'bench-rebuild' });
  const gateway = await buildGateway(loadConfig(), { logger, background: false });
  try {
    const end = new Date(Date.UTC(2026, 10, 1));
    let events = await writeLockedTrades(
      gateway.platform,
      'bench-student',
      exitTimesOf(studentTrades, 1095, end),
    );
    for (let other = 0; events < targetEvents; other += 1) {
      const count = Math.min(Math.ceil((targetEvents - events) / 2.5), 20_000);
      events += await writeLockedTrades(
        gateway.platform,
        `bench-other-${other}`,
        exitTimesOf(count, 365, end),
      );
    }
    // What the full bench and `npm run projections:rebuild` run: every projection replayed together.
    const started = performance.now();
    const replays = await gateway.running.projections.replay();
    const seconds = (performance.now() - started) / 1000;
    const rebuilt = replays.map((r) => `${r.projection} ${r.events} events/${r.failures} failed`).join(', ');
    process.stdout.write(
      `Projection rebuild: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s; ${rebuilt})\n`,
    );
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`rebuild bench failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
