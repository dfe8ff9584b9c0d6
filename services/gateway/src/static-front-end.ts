import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
// The front-end registry at the repository root: the remotes the shell loads, each built into
// `<frontEndDir>/remotes/<name>/`, with the prefixes the shell mounts them under and the menu they feed.
import {
  remotesManifestOf as manifestOfRegistry,
  REMOTE_ENTRY_FILE,
  type RemotesManifest,
  remotes,
} from '../../../remotes.config.mjs';
import { drawnPagesOf } from './signed-in-pictures';

export type { RemotesManifest } from '../../../remotes.config.mjs';

export interface StaticFrontEndOptions {
  frontEndDir: string;
  /** Remote name → manifest URL, replacing the gateway's own address for that remote (REMOTES_MANIFEST). */
  remotesManifest?: Record<string, string>;
  /**
   * The session cookie's name: a page load that carries it gets the page of its remote prefix (with that
   * screen's scripts preloaded); one without it is signed out, goes to /auth, and gets index.html.
   */
  sessionCookie?: string;
}

/**
 * The remotes manifest: every registered remote, served by the gateway unless configuration points it
 * elsewhere. A remote the gateway serves is named by its remoteEntry.js (built with publicPath 'auto', its
 * chunks load from beside it), which saves the shell a round trip before the remote's first screen; a
 * remote deployed elsewhere by its mf-manifest.json (REMOTES_MANIFEST), whose publicPath says where its
 * scripts are.
 */
export function remotesManifestOf(overrides: Record<string, string> = {}): RemotesManifest {
  return manifestOfRegistry(({ name }) => overrides[name] ?? `/remotes/${name}/${REMOTE_ENTRY_FILE}`);
}

/** Configured remote names the registry does not know: the shell could not mount them anywhere. */
export function unregisteredRemotes(overrides: Record<string, string> = {}): string[] {
  return Object.keys(overrides).filter((name) => !remotes.some((remote) => remote.name === name));
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><title>יומן — הממשק טרם נבנה</title></head>
<body style="font-family: system-ui, sans-serif; background: #0f1115; color: #e6e6e6; padding: 3rem; line-height: 1.6">
<h1>הממשק של יומן טרם נבנה</h1>
<p>השרת פועל, אבל קבצי הממשק חסרים. הריצו <code>npm run build</code> ואז הפעילו מחדש את <code>npm start</code>.</p>
<hr>
<div dir="ltr" lang="en">
<h2>Yoman's front end has not been built</h2>
<p>The server is running, but the front-end files are missing. Run <code>npm run build</code>, then restart <code>npm start</code>.</p>
</div>
</body>
</html>
`;

// The build (scripts/precompress.mjs) writes `.br` and `.gz` copies beside these; @fastify/static sends the
// copy the request's Accept-Encoding prefers, with the original's Content-Type, and the file itself otherwise.
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/u;

/** The built file a precompressed copy was made from (the path itself when it is not a copy). */
const originalOf = (filePath: string) => filePath.replace(PRECOMPRESSED_SUFFIX, '');

/** Whether the answer for this file depends on Accept-Encoding: it is a copy, or it has one. */
const hasCompressedCopies = (filePath: string) =>
  PRECOMPRESSED_SUFFIX.test(filePath) || existsSync(`${filePath}.br`) || existsSync(`${filePath}.gz`);

/** Long caching only for content-hashed file names; everything else is revalidated on each load. */
function cacheControlFor(filePath: string): string {
  const name = basename(originalOf(filePath));
  const hashed = /[.-][0-9a-f]{8,}\./i.test(name) && !name.endsWith('.html') && name !== 'mf-manifest.json';
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The page /auth is built with its screen prerendered into it (scripts/prerender-auth.mjs). */
const AUTH_PAGE_FILE = 'auth.html';
const isAuthPath = (url: string) => /^\/auth\/?(\?|$)/u.test(url);

/** The build's pages of the remotes' prefixes (scripts/page-preloads.mjs): prefix → file under the root. */
const PAGES_FILE = 'pages.json';
type RemotePages = ReadonlyMap<string, string>;

/**
 * The pages the build wrote, less those of remotes deployed elsewhere (REMOTES_MANIFEST): their pages
 * preload this server's copy of the remote, while the shell loads the one the manifest names.
 */
function remotePagesOf(frontEndDir: string, overrides: Record<string, string>): RemotePages {
  const file = join(frontEndDir, PAGES_FILE);
  if (!existsSync(file)) return new Map();
  const pages: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));
  const elsewhere = new Set(
    remotes.filter(({ name }) => overrides[name] !== undefined).flatMap(({ prefixes }) => prefixes),
  );
  return new Map(
    Object.entries(pages).filter(
      ([prefix, page]) => !elsewhere.has(prefix) && existsSync(join(frontEndDir, page)),
    ),
  );
}

const pathOf = (url: string) => url.split(/[?#]/u, 1)[0] ?? url;

/** Where `/` leads a signed-in user (spec §2's route table, as the shell's `landingPathFor`). */
export const landingPathOf = (role: string) => (role === 'mentor' ? '/mentor' : '/home');

/**
 * The HTML a page load gets: /auth its prerendered page when the build made one; a signed-in load of `/` or
 * under a remote's prefix its page, which preloads the scripts it runs first; any other path (and /auth of
 * an older build) index.html, from which the shell's router takes it. `/` with the session's `role` known
 * gets the page of where the shell will send that role (a student's dashboard, a mentor's area), so that
 * screen's scripts load with the HTML instead of after the shell has asked who the user is. (A prefix whose
 * screen the build draws, `/calendar` and `/home`, goes out instead as its drawn page: signed-in-pictures.ts.)
 */
export function pageFileFor(
  url: string,
  built: { authPage: boolean; remotePages: RemotePages },
  signedIn: boolean,
  role?: string,
): string {
  if (isAuthPath(url)) return built.authPage ? AUTH_PAGE_FILE : 'index.html';
  if (!signedIn) return 'index.html';
  const path = pathOf(url);
  const landing = path === '/' && role !== undefined ? built.remotePages.get(landingPathOf(role)) : undefined;
  if (landing) return landing;
  for (const [prefix, page] of built.remotePages) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return page;
  }
  return 'index.html';
}

const carriesCookie = (request: FastifyRequest, name: string | undefined) =>
  name !== undefined &&
  String(request.headers.cookie ?? '')
    .split(';')
    .some((pair) => pair.trim().startsWith(`${name}=`));

const acceptsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');
const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built shell at / and the remotes under /remotes/<name>/, the remotes manifest, and the SPA
 * fallback: a page load of any other path gets index.html, so the shell's router can take it from there.
 */
export const staticFrontEnd = fp<StaticFrontEndOptions>(
  async (app, options) => {
    const manifest = remotesManifestOf(options.remotesManifest);
    for (const name of unregisteredRemotes(options.remotesManifest)) {
      app.log.warn({ remote: name }, 'REMOTES_MANIFEST names a remote that remotes.config.mjs does not list');
    }
    app.get('/remotes-manifest.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(manifest),
    );
    const built = existsSync(join(options.frontEndDir, 'index.html'));
    const pages = {
      authPage: existsSync(join(options.frontEndDir, AUTH_PAGE_FILE)),
      remotePages: built
        ? remotePagesOf(options.frontEndDir, options.remotesManifest ?? {})
        : new Map<string, string>(),
    };
    if (built) {
      await app.register(fastifyStatic, {
        root: options.frontEndDir,
        // `/` is answered by the page route below, which picks its page like any other route's.
        index: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (response, filePath) => {
          response.setHeader('cache-control', cacheControlFor(filePath));
          // The same URL answers differently by Accept-Encoding: a shared cache must key on it.
          if (hasCompressedCopies(filePath)) response.setHeader('vary', 'accept-encoding');
        },
      });
    } else {
      app.log.warn({ frontEndDir: options.frontEndDir }, 'the front end is not built; run npm run build');
    }
    const drawnPage = built
      ? drawnPagesOf(
          app,
          options.frontEndDir,
          manifest.remotes.map(({ entry: _entry, ...remote }) => remote),
          pages.remotePages,
        )
      : null;
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      // The session plugin, when the app has one, has already resolved the cookie into the caller.
      const role = request.caller?.role;
      const page = pageFileFor(request.url, pages, carriesCookie(request, options.sessionCookie), role);
      // `/` is drawn as where the shell sends the caller (a student's dashboard).
      const path = pathOf(request.url);
      const drawn = await drawnPage?.(request, path === '/' && role ? landingPathOf(role) : path, page);
      if (drawn) {
        const { body, encoding } = drawn;
        if (encoding) reply.header('content-encoding', encoding);
        // The user's own page: never kept by a shared cache, and asked for again on each load.
        return reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      // Which page depends on the session cookie, its encoding on Accept-Encoding (the build precompresses
      // every page): a shared cache must key on both.
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .sendFile(page);
    };
    // `/` is the landing page whatever the request accepts (fastify-static no longer answers it: index off).
    app.get('/', { schema: { hide: true } }, sendPage);
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const pageLoad = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
      if (!pageLoad || isApiPath(request.url)) {
        return reply.status(404).send({ message: 'הנתיב המבוקש לא נמצא', code: 'NOT_FOUND' });
      }
      return sendPage(request, reply);
    });
  },
  { name: 'yoman-static-front-end' },
);
