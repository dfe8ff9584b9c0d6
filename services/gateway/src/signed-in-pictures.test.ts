import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURES_MODULE, pageWithPicture } from './signed-in-pictures';
import { staticFrontEnd } from './static-front-end';

// A built front end with the calendar's page, the page a drawn calendar goes in, and a stand-in for the
// bundled pictures module that writes what it was given into the copy.
const dist = mkdtempSync(join(tmpdir(), 'yoman-drawn-'));
const web = join(dist, 'web');
const PAGE = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html' };
const warnings: string[] = [];

/** Stands in for the session plugin and identity's two answers; the cookie names the user. */
function identityOf(server: FastifyInstance) {
  const userOf = (cookie: string | undefined) => /yoman_session=([a-z-]+)/u.exec(cookie ?? '')?.[1];
  server.addHook('onRequest', async (request) => {
    const user = userOf(request.headers.cookie);
    if (user && user !== 'revoked') {
      request.caller = { userId: user, sessionId: 's1', role: 'student', organisationId: null };
    }
  });
  server.get('/api/user', async (request, reply) => {
    const user = request.caller?.userId;
    if (!user || user === 'gone') return reply.status(401).send({ message: 'נדרשת התחברות' });
    return { id: user, displayName: user === 'boom' ? 'boom' : 'דנה $& כהן', role: 'student' };
  });
  server.get('/api/user-settings', async (request, reply) => {
    if (!request.caller) return reply.status(401).send({ message: 'נדרשת התחברות' });
    return { display: { timezone: 'America/New_York', rtlLayout: true } };
  });
  // The dashboard's figures, which its drawing shows; they fail for the user "nostats".
  server.get('/api/dashboard-stats', async (request, reply) => {
    if (!request.caller) return reply.status(401).send({ message: 'נדרשת התחברות' });
    if (request.caller.userId === 'nostats') return reply.status(500).send({ message: 'שגיאת שרת' });
    return { netR: 2.12, caller: request.caller.userId };
  });
}

async function gateway(remotesManifest: Record<string, string> = {}) {
  const server = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } },
  });
  identityOf(server);
  await server.register(staticFrontEnd, {
    frontEndDir: web,
    remotesManifest,
    sessionCookie: 'yoman_session',
  });
  return server;
}

let app: FastifyInstance;
let journalElsewhere: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(web, 'pages'), { recursive: true });
  writeFileSync(join(web, 'index.html'), PAGE('shell'));
  writeFileSync(join(web, 'pages', 'calendar.html'), PAGE('calendar page'));
  writeFileSync(join(web, 'pages', 'calendar.drawn.html'), PAGE('drawn calendar page'));
  writeFileSync(join(web, 'pages', 'home.html'), PAGE('home page'));
  writeFileSync(join(web, 'pages', 'home.drawn.html'), PAGE('drawn home page'));
  writeFileSync(join(web, 'pages', 'trades.html'), PAGE('trades page'));
  writeFileSync(
    join(web, 'pages.json'),
    JSON.stringify({
      '/calendar': 'pages/calendar.html',
      '/home': 'pages/home.html',
      '/trades': 'pages/trades.html',
    }),
  );
  mkdirSync(join(web, '..', 'pictures'), { recursive: true });
  writeFileSync(
    join(web, PICTURES_MODULE),
    `module.exports = {
      paths: ['/calendar', '/home'],
      answerUrlsOf: (path) => (path === '/home' ? ['/api/dashboard-stats'] : []),
      render(input) {
        if (input.user.displayName === 'boom') throw new Error('cannot draw');
        const answers = Object.keys(input.answers).length > 0 ? [JSON.stringify(input.answers)] : [];
        return {
          styles: '<style>.drawn{}</style>',
          body: '<div id="prerendered-screen">' + [input.path, input.user.displayName,
            input.settings.display.timezone, input.remotes.map((remote) => remote.name).join(),
            input.sidebarCollapsed, ...answers].join('|') + '</div>',
        };
      },
    };`,
  );
  app = await gateway();
  journalElsewhere = await gateway({ journal: 'https://journal.example/mf-manifest.json' });
});

afterAll(async () => {
  await app.close();
  await journalElsewhere.close();
  rmSync(dist, { recursive: true, force: true });
});

const load = (server: FastifyInstance, url: string, user?: string, encoding = 'identity') =>
  server.inject({
    url,
    headers: { ...html, 'accept-encoding': encoding, ...(user ? { cookie: `yoman_session=${user}` } : {}) },
  });

describe('a signed-in page load of a screen the build draws', () => {
  it('gets the screen drawn for the user who asked, in the drawn page, never kept by a shared cache', async () => {
    const response = await load(app, '/calendar', 'dana');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(response.body).toBe(
      '<!doctype html><html><head><title>drawn calendar page</title><style>.drawn{}</style></head><body>' +
        '<div id="root"></div><div id="prerendered-screen">/calendar|דנה $& כהן|America/New_York|journal,leagues,mentor|false</div>' +
        '</body></html>',
    );
  });

  it('draws the sidebar collapsed when its cookie says so', async () => {
    const collapsed = await app.inject({
      url: '/calendar',
      headers: { ...html, cookie: 'sidebar-collapsed=true; yoman_session=dana' },
    });
    expect(collapsed.body).toContain('|journal,leagues,mentor|true</div>');
    const open = await app.inject({
      url: '/calendar',
      headers: { ...html, cookie: 'yoman_session=dana; sidebar-collapsed=false' },
    });
    expect(open.body).toContain('|journal,leagues,mentor|false</div>');
  });

  it('keeps the query string out of the path it draws', async () => {
    expect((await load(app, '/calendar?from=menu', 'dana')).body).toContain('>/calendar|');
  });

  it("shows the answers its screen draws, asked with the caller's cookie: the dashboard's figures", async () => {
    const response = await load(app, '/home', 'dana');
    expect(response.body).toContain('<title>drawn home page</title>');
    expect(response.body).toContain(
      '>/home|דנה $& כהן|America/New_York|journal,leagues,mentor|false|{"/api/dashboard-stats":{"netR":2.12,"caller":"dana"}}</div>',
    );
  });

  it("draws / as where the shell sends the caller: a student's dashboard", async () => {
    const response = await load(app, '/', 'dana');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toContain('<title>drawn home page</title>');
    expect(response.body).toContain('>/home|דנה $& כהן|');
    expect((await load(app, '/?from=menu', 'dana')).body).toContain('>/home|');
  });

  it('is compressed with brotli or gzip, as the request accepts', async () => {
    const br = await load(app, '/calendar', 'dana', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('דנה $& כהן');
    const gzip = await load(app, '/calendar', 'dana', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('דנה $& כהן');
  });
});

describe('a page load that gets no drawing', () => {
  it('is signed out, or its session was revoked, or identity no longer knows the user', async () => {
    expect((await load(app, '/calendar')).body).toContain('<title>shell</title>');
    // A cookie that no longer opens a session still gets the prefix's page (the shell sends it to /auth).
    expect((await load(app, '/calendar', 'revoked')).body).toContain('<title>calendar page</title>');
    const gone = await load(app, '/calendar', 'gone');
    expect(gone.body).toContain('<title>calendar page</title>');
    expect(gone.headers['cache-control']).toBe('no-cache');
  });

  it('needs an answer that failed: the page goes out undrawn, and its screen asks again as it always did', async () => {
    const response = await load(app, '/home', 'nostats');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>home page</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await load(app, '/', 'nostats')).body).toContain('<title>home page</title>');
  });

  it('is of a screen the build does not draw, or below the prefix', async () => {
    expect((await load(app, '/trades', 'dana')).body).toContain('<title>trades page</title>');
    expect((await load(app, '/calendar/2026', 'dana')).body).toContain('<title>calendar page</title>');
  });

  it('is of a remote deployed elsewhere, whose screens this build may not match', async () => {
    expect((await load(journalElsewhere, '/calendar', 'dana')).body).toContain('<title>shell</title>');
  });

  it('failed to draw: the page goes without its picture, and the failure is logged', async () => {
    const response = await load(app, '/calendar', 'boom');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>calendar page</title>');
    expect(warnings.join('')).toContain('drawing the signed-in page failed');
  });
});

describe('pageWithPicture', () => {
  it('leaves a page without an empty #root or a </head> as it is', () => {
    const picture = { styles: '<style></style>', body: '<div></div>' };
    expect(pageWithPicture('<html><body><div id="root"></div></body></html>', picture)).toBe(
      '<html><body><div id="root"></div></body></html>',
    );
    expect(pageWithPicture('<html><head></head><body><div id="root">x</div></body></html>', picture)).toBe(
      '<html><head></head><body><div id="root">x</div></body></html>',
    );
  });
});
