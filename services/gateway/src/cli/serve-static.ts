import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import fastifyStatic from '@fastify/static';
import { ConfigError, closeGracefully, createLogger, type LogLevel } from '@yoman/platform';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';

/** Names the shell looks up first; they must be fetched fresh so a deploy takes effect at the next load. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html']);
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Long caching for content-hashed names (`main.737fa4c0.js`); everything else is revalidated. */
export function cacheControlOf(filePath: string): string {
  const name = basename(filePath);
  const hashed = /[.-][0-9a-f]{8,}\./i.test(name);
  return hashed && !ENTRY_FILES.has(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface StaticRemoteOptions {
  /** A built remote: `dist/web/remotes/journal`. */
  dir: string;
  /** The shell's origin, the only one allowed to read across origins; default any (the files are public). */
  allowOrigin?: string;
  logger?: Logger;
}

/**
 * Serves one built front-end remote to a shell on another origin: its files with cross-origin reads
 * allowed (GET and HEAD only), long caching for hashed files, and the probes (`/readyz` while the
 * remote's `mf-manifest.json` is there).
 */
export async function buildStaticRemoteServer(options: StaticRemoteOptions): Promise<FastifyInstance> {
  const root = resolve(options.dir);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    return503OnClosing: true,
  });
  const allowOrigin = options.allowOrigin ?? '*';
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('access-control-allow-origin', allowOrigin);
    if (allowOrigin !== '*') reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, HEAD')
        .header('access-control-max-age', '600')
        .send();
    }
    if (!READ_METHODS.has(request.method)) {
      return reply
        .status(405)
        .header('allow', 'GET, HEAD')
        .send({ message: 'הפעולה אינה נתמכת', code: 'METHOD_NOT_ALLOWED' });
    }
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    existsSync(join(root, 'mf-manifest.json'))
      ? { status: 'ready' }
      : reply.status(503).send({ status: 'unavailable' }),
  );
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: (response, filePath) => response.setHeader('cache-control', cacheControlOf(filePath)),
  });
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ message: 'הנתיב המבוקש לא נמצא', code: 'NOT_FOUND' }),
  );
  return app;
}

const listenSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** PORT, HOST and LOG_LEVEL from the environment; a bad one is a one-line ConfigError. */
export function listenConfigOf(env: Record<string, string | undefined>): {
  port: number;
  host: string;
  logLevel: LogLevel;
} {
  const present = Object.fromEntries(
    (['PORT', 'HOST', 'LOG_LEVEL'] as const).flatMap((name) =>
      env[name]?.trim() ? [[name, env[name]?.trim()]] : [],
    ),
  );
  const parsed = listenSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = (issue?.path[0] ?? 'PORT') as 'PORT' | 'HOST' | 'LOG_LEVEL';
    throw new ConfigError(
      name,
      `is invalid (${JSON.stringify(present[name])}): ${issue?.message ?? 'is invalid'}`,
    );
  }
  return { port: parsed.data.PORT, host: parsed.data.HOST, logLevel: parsed.data.LOG_LEVEL };
}

/** The command line: `--dir dist/web/remotes/<name>` (required) and `--allow-origin <shell origin>`. */
export function staticRemoteArgsOf(argv: readonly string[]): { dir: string; allowOrigin?: string } {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: { dir: { type: 'string' }, 'allow-origin': { type: 'string' } },
  });
  if (!values.dir) throw new Error('--dir <built remote directory> is required');
  if (!existsSync(values.dir)) throw new Error(`--dir ${values.dir} does not exist; run npm run build first`);
  return { dir: values.dir, allowOrigin: values['allow-origin'] };
}

async function serveStatic(argv: readonly string[]): Promise<void> {
  let args: ReturnType<typeof staticRemoteArgsOf>;
  let listen: ReturnType<typeof listenConfigOf>;
  try {
    args = staticRemoteArgsOf(argv);
    listen = listenConfigOf(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger({ level: listen.logLevel });
  const app = await buildStaticRemoteServer({ ...args, logger });
  closeGracefully(logger, () => app.close());
  const address = await app.listen({ host: listen.host, port: listen.port });
  logger.info({ address, dir: resolve(args.dir) }, `Yoman remote files are served at ${address}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serveStatic(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `The remote file server could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
