import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteNamed, remotes } from '../../../remotes.config.mjs';
import { remotesManifestOf, staticFrontEnd, unregisteredRemotes } from './static-front-end';

const built = mkdtempSync(join(tmpdir(), 'yoman-web-'));
const missing = join(built, 'not-built');
const html = { accept: 'text/html,application/xhtml+xml' };
let app: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  writeFileSync(join(built, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(
    join(built, 'auth.html'),
    '<!doctype html><title>shell</title><main>prerendered sign-in</main>',
  );
  writeFileSync(join(built, 'main.3f9a8c21b7.js'), 'console.log(1)');
  mkdirSync(join(built, 'remotes', 'journal'), { recursive: true });
  mkdirSync(join(built, 'pages'), { recursive: true });
  writeFileSync(join(built, 'pages', 'calendar.html'), '<!doctype html><title>calendar page</title>');
  writeFileSync(join(built, 'pages', 'mentor.html'), '<!doctype html><title>mentor page</title>');
  writeFileSync(join(built, 'pages', 'leagues.html'), '<!doctype html><title>leagues page</title>');
  writeFileSync(join(built, 'pages', 'root.html'), '<!doctype html><title>root page</title>');
  writeFileSync(join(built, 'pages', 'home.html'), '<!doctype html><title>home page</title>');
  writeFileSync(
    join(built, 'pages.json'),
    JSON.stringify({
      '/calendar': 'pages/calendar.html',
      '/mentor': 'pages/mentor.html',
      '/leagues': 'pages/leagues.html',
      '/': 'pages/root.html',
      '/home': 'pages/home.html',
      '/trades': 'pages/trades.html',
    }),
  );
  writeFileSync(join(built, 'remotes', 'journal', 'mf-manifest.json'), '{"id":"journal"}');
  app = Fastify();
  signedInAsTheHeaderSays(app);
  await app.register(staticFrontEnd, {
    frontEndDir: built,
    remotesManifest: { mentor: 'https://mentor.example/mf-manifest.json' },
    sessionCookie: 'yoman_session',
  });
  unbuilt = Fastify({ logger: false });
  await unbuilt.register(staticFrontEnd, { frontEndDir: missing });
});
/** Stands in for the gateway's session plugin: the caller is the role the test's header names. */
function signedInAsTheHeaderSays(server: FastifyInstance) {
  server.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'];
    if (role === 'student' || role === 'mentor') {
      request.caller = { userId: 'u1', sessionId: 's1', role, organisationId: null };
    }
  });
}

afterAll(async () => {
  await app.close();
  await unbuilt.close();
  rmSync(built, { recursive: true, force: true });
});

describe('the static front end', () => {
  it('serves the shell at / and the remotes under /remotes/<name>/', async () => {
    const shell = await app.inject({ url: '/', headers: html });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>shell</title>');
    expect(shell.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/remotes/journal/mf-manifest.json' });
    expect(manifest.json()).toEqual({ id: 'journal' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const hashed = await app.inject({ url: '/main.3f9a8c21b7.js' });
    expect(hashed.headers['cache-control']).toContain('immutable');
  });

  it('falls back to index.html for page loads of client-side routes', async () => {
    for (const url of ['/calendar', '/mentor/students/42', '/settings?tab=profile']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
    }
  });

  it("answers a signed-in page load under a remote's prefix with that prefix's page", async () => {
    const signedIn = { ...html, cookie: 'theme=dark; yoman_session=abc' };
    for (const [url, title] of [
      ['/calendar', 'calendar page'],
      ['/calendar?year=2026&month=11', 'calendar page'],
      // The mentor remote is deployed elsewhere in this app (REMOTES_MANIFEST): its page would preload
      // this server's copy, not the one the shell loads.
      ['/mentor/students/42', 'shell'],
      ['/leagues/42', 'leagues page'],
      ['/', 'root page'],
      ['/?from=mail', 'root page'],
      ['/calendars', 'shell'],
      // pages.json names a page the build did not write: index.html, not a 404.
      ['/trades', 'shell'],
    ]) {
      const response = await app.inject({ url, headers: signedIn });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toBe('accept-encoding, cookie');
    }
  });

  it("answers a signed-in load of / with the page of where the user's role lands: a student's dashboard", async () => {
    const cookie = 'yoman_session=abc';
    const student = await app.inject({ url: '/', headers: { ...html, cookie, 'x-test-role': 'student' } });
    expect(student.body).toContain('<title>home page</title>');
    expect(student.headers.vary).toBe('accept-encoding, cookie');
    // Only `/` itself: a deeper path keeps its own page, and an unknown session the neutral root page.
    const calendar = await app.inject({
      url: '/calendar',
      headers: { ...html, cookie, 'x-test-role': 'student' },
    });
    expect(calendar.body).toContain('<title>calendar page</title>');
    const unknown = await app.inject({ url: '/', headers: { ...html, cookie } });
    expect(unknown.body).toContain('<title>root page</title>');
    // The mentor remote is deployed elsewhere in this app, so a mentor's / has no page of its own to take.
    const mentor = await app.inject({ url: '/', headers: { ...html, cookie, 'x-test-role': 'mentor' } });
    expect(mentor.body).toContain('<title>root page</title>');

    const ownMentor = Fastify();
    try {
      signedInAsTheHeaderSays(ownMentor);
      await ownMentor.register(staticFrontEnd, { frontEndDir: built, sessionCookie: 'yoman_session' });
      const landing = await ownMentor.inject({
        url: '/',
        headers: { ...html, cookie, 'x-test-role': 'mentor' },
      });
      expect(landing.body).toContain('<title>mentor page</title>');
    } finally {
      await ownMentor.close();
    }
  });

  it('answers a page load without the session cookie with index.html: it is on its way to /auth', async () => {
    for (const cookie of [undefined, 'other=1', 'not_yoman_session=abc']) {
      const response = await app.inject({ url: '/calendar', headers: cookie ? { ...html, cookie } : html });
      expect(response.body, cookie).toContain('<title>shell</title>');
    }
  });

  it("answers a page load of /auth with the build's prerendered sign-in page, other paths with index.html", async () => {
    for (const url of ['/auth', '/auth/', '/auth?next=%2Fcalendar']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('prerendered sign-in');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/authors', '/auth/more', '/calendar?from=/auth']) {
      const response = await app.inject({ url, headers: html });
      expect(response.body, url).not.toContain('prerendered sign-in');
    }
  });

  it('answers /auth with index.html when the build has no prerendered page', async () => {
    const older = mkdtempSync(join(tmpdir(), 'yoman-web-older-'));
    writeFileSync(join(older, 'index.html'), '<!doctype html><title>older shell</title>');
    const olderApp = Fastify();
    try {
      await olderApp.register(staticFrontEnd, { frontEndDir: older });
      const response = await olderApp.inject({ url: '/auth', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>older shell</title>');
    } finally {
      await olderApp.close();
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('answers JSON 404 for /api paths, missing files and non-page requests', async () => {
    for (const [url, headers] of [
      ['/api/unknown', html],
      ['/api', html],
      ['/remotes/journal/missing.js', { accept: '*/*' }],
      ['/favicon.ico', { accept: 'image/*' }],
    ] as const) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'הנתיב המבוקש לא נמצא', code: 'NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/calendar', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('lists every registered remote in /remotes-manifest.json, with its prefixes, menu links and any override', async () => {
    const response = await app.inject({ url: '/remotes-manifest.json' });
    const answered = response.json().remotes as unknown[];
    expect(answered).toHaveLength(remotes.length);
    // The product's three remotes (a remote added later follows them, as the next test checks).
    expect({ remotes: answered.slice(0, 3) }).toEqual({
      remotes: [
        {
          name: 'journal',
          entry: '/remotes/journal/remoteEntry.js',
          prefixes: ['/home', '/calendar', '/trades', '/analytics', '/setups', '/economic-calendar'],
          menu: remoteNamed('journal').menu,
        },
        {
          name: 'leagues',
          entry: '/remotes/leagues/remoteEntry.js',
          prefixes: ['/leagues'],
          menu: [{ path: '/leagues', label: 'ליגות', icon: 'trophy', audience: 'student' }],
        },
        {
          name: 'mentor',
          entry: 'https://mentor.example/mf-manifest.json',
          prefixes: ['/mentor'],
          menu: remoteNamed('mentor').menu,
        },
      ],
    });
  });

  it('answers for exactly the remotes of remotes.config.mjs, each served under /remotes/<name>/', () => {
    const answer = remotesManifestOf().remotes;
    expect(answer.map(({ name, prefixes, menu }) => ({ name, prefixes, menu }))).toEqual(
      remotes.map(({ name, prefixes, menu }) => ({ name, prefixes, menu })),
    );
    for (const { name, entry } of answer) expect(entry).toBe(`/remotes/${name}/remoteEntry.js`);
    // A configured name the registry does not know is not listed: the shell could mount it nowhere.
    expect(remotesManifestOf({ reports: '/r/mf-manifest.json' }).remotes).toHaveLength(remotes.length);
    expect(unregisteredRemotes({ reports: '/r/mf-manifest.json', mentor: '/m.json' })).toEqual(['reports']);
  });

  it('tells in Hebrew and English to run npm run build when the front end is missing', async () => {
    const response = await unbuilt.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('npm run build');
    expect(response.body).toContain('הממשק של יומן טרם נבנה');
    expect(response.body).toContain('has not been built');
    expect((await unbuilt.inject({ url: '/remotes-manifest.json' })).statusCode).toBe(200);
  });
});
