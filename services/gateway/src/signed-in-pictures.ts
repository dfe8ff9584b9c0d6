// A signed-in page load of a screen the build can draw (the journal's /calendar and dashboard) gets that screen,
// inside the layout, already in its HTML: a picture that paints before any script has run, which the app's
// own screen replaces in one frame (ui/src/prerender/prerendered-screen.ts). It is drawn per page load by
// the module the build bundles (scripts/prerender-pictures.mjs), with what GET /api/user and
// GET /api/user-settings answer the same cookie, so it shows what the live screen first shows.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The module's place, relative to the front end's directory (scripts/prerender-pictures.mjs). */
export const PICTURES_MODULE = join('..', 'pictures', 'screens.cjs');

/** A drawn page: its styles for the end of <head>, its inert copy for right after #root. */
export interface PrerenderedPage {
  styles: string;
  body: string;
}

/** The remotes as the manifest lists them, less where they are deployed. */
export interface PictureRemote {
  name: string;
  prefixes: string[];
  menu: { path: string; label: string; icon: string; audience: 'student' | 'mentor' }[];
}

interface PicturesModule {
  paths: string[];
  /** The URLs whose answers the drawing of `path` shows (the dashboard's figures). */
  answerUrlsOf(path: string): string[];
  render(input: {
    path: string;
    user: unknown;
    settings: unknown;
    remotes: PictureRemote[];
    sidebarCollapsed: boolean;
    /** URL → what it answered, for each of answerUrlsOf(path). */
    answers: Record<string, unknown>;
  }): PrerenderedPage | null;
}

/** The cookie in which the shell mirrors the sidebar's collapsed state (shell/src/layout/useSidebarCollapsed.ts). */
const SIDEBAR_COLLAPSED = /(?:^|;\s*)sidebar-collapsed=true(?:;|$)/u;

export interface SignedInPictures {
  /** Whether the build draws the page of `path`. */
  draws(path: string): boolean;
  /** The page of `path` drawn for the caller of `request`, or null when there is nothing to draw for them. */
  draw(request: FastifyRequest, path: string): Promise<PrerenderedPage | null>;
}

/** What an in-process GET of `url` with the request's cookie answers, or null unless 200. */
async function answerFor(app: FastifyInstance, request: FastifyRequest, url: string): Promise<unknown> {
  const cookie = request.headers.cookie;
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return response.statusCode === 200 ? response.json() : null;
}

/**
 * The pictures the build in `frontEndDir` draws, or null when it bundled none (an older build, a front end
 * served from elsewhere). The module is loaded on the first page load that needs it.
 */
export function signedInPicturesOf(
  app: FastifyInstance,
  frontEndDir: string,
  remotes: PictureRemote[],
): SignedInPictures | null {
  const file = join(frontEndDir, PICTURES_MODULE);
  if (!existsSync(file)) return null;
  let loaded: PicturesModule | undefined;
  const module = () => {
    loaded ??= createRequire(import.meta.url)(file) as PicturesModule;
    return loaded;
  };
  return {
    draws: (path) => module().paths.includes(path),
    async draw(request, path) {
      const urls = module().answerUrlsOf(path);
      const [user, settings, ...answered] = await Promise.all(
        ['/api/user', '/api/user-settings', ...urls].map((url) => answerFor(app, request, url)),
      );
      // Whatever did not answer, the live screen would show in its own way: the page goes out undrawn.
      if (!user || !settings || answered.some((answer) => answer === null)) return null;
      const answers = Object.fromEntries(urls.map((url, index) => [url, answered[index]]));
      const sidebarCollapsed = SIDEBAR_COLLAPSED.test(request.headers.cookie ?? '');
      return module().render({ path, user, settings, remotes, sidebarCollapsed, answers });
    },
  };
}

/** A built page with a drawn screen: its styles at the end of <head>, its copy right after #root. */
export function pageWithPicture(pageHtml: string, picture: PrerenderedPage): string {
  const root = '<div id="root"></div>';
  if (!pageHtml.includes(root) || !pageHtml.includes('</head>')) return pageHtml;
  return pageHtml
    .replace('</head>', () => `${picture.styles}</head>`)
    .replace(root, () => `${root}${picture.body}`);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding of a page made per request: brotli (a fast level), else gzip, else none. */
async function encodedForRequest(request: FastifyRequest, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/u.test(accepted)) {
    const body = await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' };
  }
  if (/\bgzip\b/u.test(accepted)) return { body: await gzipped(html), encoding: 'gzip' };
  return { body: Buffer.from(html), encoding: undefined };
}

/**
 * What a page load of `path` under a remote prefix gets when the build draws its screen: the page it is sent
 * in (`pages/<prefix>.drawn.html`, which the build writes with the module) with the screen drawn for the
 * caller, encoded for the request; null when there is nothing to draw (signed out, another path, a remote
 * deployed elsewhere, no module) or the drawing failed (logged). `remotePages` maps the prefixes this server
 * serves to their pages; `/` is drawn as the path it lands on, which the caller passes.
 */
export function drawnPagesOf(
  app: FastifyInstance,
  frontEndDir: string,
  remotes: PictureRemote[],
  remotePages: ReadonlyMap<string, string>,
) {
  const pictures = signedInPicturesOf(app, frontEndDir, remotes);
  const pageHtml = new Map<string, string>();
  const drawnPageHtmlOf = (page: string) => {
    let html = pageHtml.get(page);
    if (html === undefined) {
      html = readFileSync(join(frontEndDir, page.replace(/\.html$/u, '.drawn.html')), 'utf8');
      pageHtml.set(page, html);
    }
    return html;
  };
  return async (request: FastifyRequest, path: string, page: string) => {
    if (!pictures || !request.caller || remotePages.get(path) !== page || !pictures.draws(path)) return null;
    try {
      const picture = await pictures.draw(request, path);
      return picture ? encodedForRequest(request, pageWithPicture(drawnPageHtmlOf(page), picture)) : null;
    } catch (error) {
      // The page without its picture still works: the scripts draw the screen as they always did.
      request.log.warn({ err: error, path }, 'drawing the signed-in page failed; sent without its picture');
      return null;
    }
  };
}
