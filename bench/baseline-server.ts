// The bench's baseline: a bare Fastify app (no database, no session, no validation) whose routes answer a
// fixed body of the same bytes as Yoman's answer (JSON, or a page's HTML), so the ratio shows what Yoman's
// own work costs.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BaselineReady } from './bench-messages';

const bodies = JSON.parse(process.env.BENCH_BASELINE_BODIES ?? '{}') as Record<string, string>;

async function main() {
  const app = Fastify({ logger: false });
  for (const [route, file] of Object.entries(bodies)) {
    if (file.endsWith('.html')) {
      // A page: its bytes as they are, as a static file server sends them.
      const html = readFileSync(file, 'utf8');
      app.get(route, async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
      continue;
    }
    // Parsed once and serialised per request, as a route returning a fixed object does.
    const body: unknown = JSON.parse(readFileSync(file, 'utf8'));
    app.get(route, async () => body);
  }
  process.on('message', (message) => {
    if (message === 'stop') app.close().then(() => process.exit(0));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const ready: BaselineReady = { kind: 'ready', port: address.port };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench baseline server failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
