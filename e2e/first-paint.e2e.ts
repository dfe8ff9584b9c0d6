import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_BUDGETS } from '../scripts/first-paint-budget.mjs';
import {
  baseUrl,
  launchChromium,
  logForexTrade,
  loginThroughScreen,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
  screenshot,
} from './browser';

const mentorEmail = process.env.YOMAN_E2E_MENTOR_EMAIL;
const mentorPassword = process.env.YOMAN_E2E_MENTOR_PASSWORD;

/** Every path the page requests from now on, with the Content-Encoding of its answer. */
function recordRequests(page: Page) {
  const requests: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    requests.push({
      path: new URL(response.url()).pathname,
      encoding: response.headers()['content-encoding'],
    });
  });
  return requests;
}

/** Every script the page receives from now on whose path `keep` accepts, with when it arrived and its body. */
function recordScripts(page: Page, keep: (path: string) => boolean) {
  const scripts: { path: string; arrivedAt: number; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() !== 'script' || !keep(path)) return;
    scripts.push({ path, arrivedAt: Date.now(), body: response.body().catch(() => Buffer.alloc(0)) });
  });
  return scripts;
}

const isShellPath = (path: string) => !path.startsWith('/remotes/');

/** The gzipped bytes of the scripts that had arrived by `moment`. */
async function gzipArrivedBy(scripts: ReturnType<typeof recordScripts>, moment: number) {
  const bodies = await Promise.all(
    scripts.filter(({ arrivedAt }) => arrivedAt <= moment).map(({ body }) => body),
  );
  return bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
}

/** The errors the page logs to its console from now on. */
function consoleErrorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

type Box = { x: number; y: number; width: number; height: number } | null;

/** The live element's box lies within 2 px of where the drawing had it, on each side. */
function expectInPlaceOf(live: Box, drawn: Box, label: string) {
  expect(drawn).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((live?.[side] ?? -100) - (drawn?.[side] ?? 100)), `${side}, ${label}`).toBeLessThan(2);
  }
}

const scriptsOf = (requests: { path: string }[], remote: string) =>
  requests.filter(({ path }) => path.startsWith(`/remotes/${remote}/`) && path.endsWith('.js'));

describe('what a page downloads before it paints', () => {
  let running: RunningBrowser;

  beforeAll(async () => {
    running = await launchChromium();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A new student signed in through the screens, on the calendar, with every request from then on recorded. */
  async function newStudentOnCalendar(name: string) {
    const context = await newContext(running);
    const page = await context.newPage();
    await registerThroughScreen(page, newTestUser(name));
    const requests = recordRequests(page);
    await page.goto('/calendar');
    await page.getByTestId('month-grid').waitFor();
    return { context, page, requests };
  }

  it("never downloads the mentor remote's scripts for a student", async () => {
    const { context, page, requests } = await newStudentOnCalendar('רוני שקד');
    await page.getByTestId('sidebar').getByRole('link', { name: 'ליגות' }).click();
    await page.waitForURL('**/leagues');
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(scriptsOf(requests, 'journal').length).toBeGreaterThan(0);
    expect(scriptsOf(requests, 'mentor')).toEqual([]);
    await context.close();
  });

  it("draws a student's menu from the remotes manifest, loading only the remote of the page, its scripts compressed", async () => {
    const { context, page, requests } = await newStudentOnCalendar('נועה בר');
    await page.getByTestId('sidebar').getByRole('link', { name: 'ליגות' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter(({ path }) => path.startsWith('/remotes/leagues/'))).toEqual([]);
    expect(scriptsOf(requests, 'mentor')).toEqual([]);
    const scripts = requests.filter(({ path }) => path.endsWith('.js'));
    for (const { path, encoding } of scripts) expect(['br', 'gzip'], path).toContain(encoding);
    await context.close();
  });

  it("names in a signed-in page's HTML every script its first screen runs, so none waits for another, and asks for none before the page has painted, on a slow phone too; each is fetched once", async () => {
    const signingIn = await newContext(running);
    await registerThroughScreen(await signingIn.newPage(), newTestUser('אורי גל'));
    const cookies = await signingIn.cookies();
    await signingIn.close();
    // A browser with the session but nothing cached yet: the first visit of the day on a phone, whose CPU
    // is four times slower (Lighthouse's), so a frame's paint comes well after the frame's callbacks.
    const context = await newContext(running, { cookies });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests = recordRequests(page);
    await page.goto('/calendar');
    await page.getByTestId('month-grid').waitFor();
    await page.waitForLoadState('networkidle');
    // The drawn calendar is painted before any of its scripts is asked for (the loader waits for the paint).
    const { paintedAt, scriptsAsked, firstScriptAt } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const starts = performance
        .getEntriesByType('resource')
        .filter(({ name }) => {
          const path = new URL(name).pathname;
          return path.endsWith('.js') && !/^\/calendar-start\.[0-9a-f]+\.js$/u.test(path);
        })
        .map(({ startTime }) => startTime);
      return {
        paintedAt: paint?.startTime ?? null,
        scriptsAsked: starts.length,
        firstScriptAt: Math.min(...starts),
      };
    });
    expect(scriptsAsked).toBeGreaterThan(0);
    expect(paintedAt).not.toBeNull();
    expect(firstScriptAt).toBeGreaterThan(paintedAt as number);
    const html = await (await context.request.get('/calendar', { headers: { accept: 'text/html' } })).text();
    // The calendar comes drawn, and its page names its scripts in the loader it starts after the first paint.
    const loader = /<script defer src="(\/calendar-start\.[0-9a-f]{8}\.js)"><\/script>/u.exec(html)?.[1];
    expect(loader).toBeDefined();
    const loaderScript = await (await context.request.get(loader as string)).text();
    const named = [
      ...[...html.matchAll(/(?:href|src)="([^"]+\.js)"/gu)].map((match) => match[1]),
      ...[...loaderScript.matchAll(/"(\/[^"]+\.js)"/gu)].map((match) => match[1]),
    ];
    expect(named).toContain('/remotes/journal/remoteEntry.js');
    expect(
      named.some((path) => /^\/remotes\/journal\/calendar-screen\.[0-9a-f]+\.js$/u.test(path ?? '')),
    ).toBe(true);
    const scripts = requests.map(({ path }) => path).filter((path) => path.endsWith('.js'));
    expect(scripts.filter((path) => !named.includes(path))).toEqual([]);
    // A hint the page's own script tag did not match would be fetched a second time.
    expect(scripts.filter((path, index) => scripts.indexOf(path) !== index)).toEqual([]);
    // The shell's first API calls start with the HTML, and the shell's own fetches take their answers.
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/user" crossorigin="use-credentials">');
    for (const call of ['/api/user', '/api/user-settings']) {
      expect(requests.filter(({ path }) => path === call).length, call).toBe(1);
    }
    // `/` leads a student to the dashboard, which comes drawn: a student's `/` names the dashboard's scripts
    // in its loader, and no other remote's; the mentor's test below holds that a mentor's never names the journal's.
    const landing = await (await context.request.get('/', { headers: { accept: 'text/html' } })).text();
    const landingLoader = /<script defer src="(\/home-start\.[0-9a-f]{8}\.js)"><\/script>/u.exec(
      landing,
    )?.[1];
    expect(landingLoader).toBeDefined();
    const landingScripts = await (await context.request.get(landingLoader as string)).text();
    expect(landingScripts).toMatch(/"\/remote-loader\.[0-9a-f]+\.js"/u);
    expect(landingScripts).toMatch(/"\/remotes\/journal\/journal-dashboard\.[0-9a-f]+\.js"/u);
    expect(landing + landingScripts).not.toMatch(/\/remotes\/(?!journal\/)/u);
    expect(landing).toContain(
      '<link rel="preload" as="fetch" href="/api/dashboard-stats" crossorigin="use-credentials">',
    );
    await context.close();
  });

  it("never downloads the journal's scripts for a mentor on the mentor's area", async () => {
    if (!mentorEmail || !mentorPassword) throw new Error('scripts/test-e2e.mjs passes the mentor account');
    const context = await newContext(running);
    const page = await context.newPage();
    const requests = recordRequests(page);
    await loginThroughScreen(page, mentorEmail, mentorPassword);
    await page.waitForURL('**/mentor');
    // The menu comes from the remotes manifest; the mentor remote's own screen says it has loaded.
    await page.getByTestId('sidebar').getByRole('link', { name: 'יומן ביקורת' }).waitFor();
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(scriptsOf(requests, 'mentor').length).toBeGreaterThan(0);
    expect(scriptsOf(requests, 'journal')).toEqual([]);
    // A mentor's `/` leads to the mentor's area: its page names the mentor remote, never the journal.
    const landing = await (await context.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(landing).toContain('/remotes/mentor/remoteEntry.js');
    expect(landing).not.toContain('/remotes/journal/');
    await context.close();
  });

  it("leaves the add-trade dialog and the day drawer out of the calendar's first screen until the user reaches for the page", async () => {
    const { context, page, requests } = await newStudentOnCalendar('נעמה שדה');
    await page.waitForLoadState('networkidle');
    const overlayChunks = () =>
      requests
        .map(({ path }) => path)
        .filter((path) => /^\/remotes\/journal\/(add-trade-dialog|day-drawer)\.[0-9a-f]+\.js$/u.test(path));
    expect(overlayChunks()).toEqual([]);
    // The user points at a day and adds a trade: the dialog's code comes then (or was fetched on the way).
    const day = page.getByTestId('month-grid').locator('[data-date]').first();
    await day.hover();
    await day.locator('[data-add-trade]').click();
    await page.getByRole('dialog', { name: 'עסקה חדשה' }).getByLabel('זמן יציאה').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = overlayChunks();
    expect(fetched.filter((path) => path.includes('/add-trade-dialog.'))).toHaveLength(1);
    expect(fetched.filter((path) => path.includes('/day-drawer.')).length).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("runs no zod on the journal's screens: their answers are read as typed, the contracts' constants come without schemas", async () => {
    const { context, page } = await newStudentOnCalendar('עדי נגר');
    const journalScripts = recordScripts(page, (path) => path.startsWith('/remotes/journal/'));
    // From a fresh page: the calendar, then the dashboard, the trades list, analytics and setups from the menu.
    await page.reload();
    await page.getByTestId('month-grid').waitFor();
    for (const [name, path] of [
      ['דף הבית', '/home'],
      ['עסקאות', '/trades'],
      ['ניתוחים', '/analytics'],
      ['סטאפים', '/setups'],
    ] as const) {
      await page.getByTestId('sidebar').getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });
      await page.getByRole('main').getByRole('heading').first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(
      journalScripts.map(async ({ path, body }) => ({ path, body: (await body).toString() })),
    );
    expect(scripts.length).toBeGreaterThan(3);
    // zod's classes name themselves ('$ZodType', 'ZodError'), which no minifier renames.
    expect(scripts.filter(({ body }) => /\$ZodType|ZodError/u.test(body)).map(({ path }) => path)).toEqual(
      [],
    );
    await context.close();
  });

  it("leaves the phone menu's sheet out of the layout until the menu is first opened", async () => {
    const context = await newContext(running, { mobile: true });
    const page = await context.newPage();
    await registerThroughScreen(page, newTestUser('גל אור'));
    const requests = recordRequests(page);
    await page.reload();
    await page.getByTestId('mobile-menu-trigger').waitFor();
    await page.waitForLoadState('networkidle');
    const menuChunk = () => requests.filter(({ path }) => /\/mobile-menu\.[0-9a-f]+\.js$/u.test(path));
    expect(menuChunk()).toEqual([]);
    await page.getByTestId('mobile-menu-trigger').click();
    await page.getByRole('dialog').getByRole('link', { name: 'ליגות' }).waitFor();
    expect(menuChunk()).toHaveLength(1);
    await context.close();
  });

  it('preloads the Heebo files the first screen uses, so the text does not shift when they arrive', async () => {
    const context = await newContext(running);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('form', { name: 'התחברות' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const { preloaded, loaded } = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
        (link) => new URL(link.href).pathname,
      ),
      loaded: performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    }));
    expect(preloaded.map((path) => path.replace(/\.[0-9a-f]+\.woff2$/u, ''))).toEqual([
      '/fonts/heebo-hebrew-400-normal',
      '/fonts/heebo-hebrew-500-normal',
      '/fonts/heebo-hebrew-700-normal',
      '/fonts/heebo-latin-400-normal',
    ]);
    for (const path of preloaded) expect(loaded).toContain(path);
    expect(await page.evaluate(() => document.fonts.check('400 14px Heebo', 'יומן'))).toBe(true);
    await context.close();
  });

  it('paints the sign-in screen of /auth from the HTML alone, before any script has run', async () => {
    const context = await running.browser.newContext({
      baseURL: baseUrl,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/auth');
    const copy = page.locator('#prerendered-screen');
    expect(await copy.getAttribute('inert')).toBe('');
    await copy.getByRole('heading', { name: 'ברוכים הבאים ליומן', includeHidden: true }).waitFor();
    await copy.getByText('יומן המסחר המתקדם').waitFor();
    const { width, height } = (await copy.locator('form').first().boundingBox()) ?? { width: 0, height: 0 };
    expect(width * height).toBeGreaterThan(0);
    await context.close();
  });

  it('replaces the prerendered copy with the live screen, which takes input', async () => {
    const context = await newContext(running);
    const page = await context.newPage();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'התחברות' });
    await form.getByLabel('אימייל').fill('someone@example.com');
    expect(await page.locator('#prerendered-screen').count()).toBe(0);
    expect(await form.getByLabel('אימייל').inputValue()).toBe('someone@example.com');
    await context.close();
  });

  it('keeps the JavaScript before the first paint of /auth within its budget', async () => {
    const context = await newContext(running);
    const page = await context.newPage();
    const scripts = recordScripts(page, isShellPath);
    await page.goto('/auth');
    await page.getByRole('form', { name: 'התחברות' }).waitFor();
    const auth = await gzipArrivedBy(scripts, Date.now());
    console.log(`gzipped JavaScript before the first paint of /auth: ${auth} B`);
    expect(auth).toBeLessThanOrEqual(FIRST_PAINT_BUDGETS.auth);
    await context.close();
  });

  /** A student signed in, with the session's cookies for another context and their calendar's month heading. */
  async function signedInStudent(name: string) {
    const signingIn = await newContext(running);
    const page = await signingIn.newPage();
    await registerThroughScreen(page, newTestUser(name));
    await page.goto('/calendar');
    await page.getByTestId('month-grid').waitFor();
    const heading =
      (await page.getByRole('main').getByRole('heading', { level: 1 }).first().textContent()) ?? '';
    const cookies = await signingIn.cookies();
    await signingIn.close();
    return { cookies, heading };
  }

  it("paints a student's calendar from the HTML of a page load: their name, their menu and this month, drawn by the server", async () => {
    const { cookies, heading } = await signedInStudent('יעל רום');
    expect(heading).toMatch(/^[\u0590-\u05FF]+ \d{4}$/u);
    for (const mobile of [true, false]) {
      const noScripts = await newContext(running, { mobile, javaScriptEnabled: false, cookies });
      const page = await noScripts.newPage();
      await page.goto('/calendar');
      const copy = page.locator('#prerendered-screen');
      expect(await copy.getAttribute('inert')).toBe('');
      expect(await copy.getAttribute('aria-hidden')).toBe('true');
      await copy.getByRole('heading', { name: heading, includeHidden: true }).waitFor();
      // The month's days are still loading, as the live screen first shows them: in the week strip's shape
      // on a phone and the grid's on a wider screen, which the stylesheet chooses (the server cannot know).
      const stripShape = copy.locator('section[aria-busy="true"][aria-label="בחירת יום בשבוע"]');
      const gridShape = copy.locator('div[aria-busy="true"]:not([aria-label])');
      await (mobile ? stripShape : gridShape).waitFor();
      expect(await (mobile ? gridShape : stripShape).isVisible()).toBe(false);
      if (!mobile) await copy.locator('aside').getByText('יעל רום').waitFor();
      // No id or test id of the live screen: while the copy covers it, each stays unique.
      expect(await copy.locator('[id], [data-testid]').count()).toBe(0);
      await screenshot(page, mobile ? 'calendar-drawn-by-server-phone' : 'calendar-drawn-by-server');
      await noScripts.close();
    }
  });

  it('puts the live calendar where the drawing was: the heading does not move, and the drawing is gone', async () => {
    const { cookies, heading } = await signedInStudent('עומר לוי');
    for (const mobile of [true, false]) {
      const drawn = await newContext(running, { mobile, javaScriptEnabled: false, cookies });
      const drawnPage = await drawn.newPage();
      await drawnPage.goto('/calendar');
      const drawnBox = await drawnPage
        .locator('#prerendered-screen')
        .getByRole('heading', { name: heading, includeHidden: true })
        .boundingBox();
      await drawn.close();

      const live = await newContext(running, { mobile, cookies });
      const page = await live.newPage();
      const errors = consoleErrorsOf(page);
      await page.goto('/calendar');
      await page.getByTestId(mobile ? 'week-strip' : 'month-grid').waitFor();
      expect(await page.locator('#prerendered-screen').count()).toBe(0);
      const liveBox = await page.getByRole('heading', { name: heading }).boundingBox();
      expectInPlaceOf(liveBox, drawnBox, `mobile ${mobile}`);
      expect(errors).toEqual([]);
      await live.close();
    }
  });

  it("paints a student's dashboard at / from the HTML, with the month's figures, where the live one then shows them", async () => {
    const signingIn = await newContext(running);
    const signing = await signingIn.newPage();
    await registerThroughScreen(signing, newTestUser('נגה בר'));
    await logForexTrade(signing, new Date(Date.now() - 60_000));
    const cookies = await signingIn.cookies();
    await signingIn.close();
    for (const mobile of [true, false]) {
      const noScripts = await newContext(running, { mobile, javaScriptEnabled: false, cookies });
      const drawnPage = await noScripts.newPage();
      await drawnPage.goto('/');
      const copy = drawnPage.locator('#prerendered-screen');
      expect(await copy.getAttribute('data-path')).toBe('/home');
      await copy.getByRole('heading', { name: 'לוח בקרה', includeHidden: true }).waitFor();
      expect(await copy.locator('[data-kpi="trades"]').textContent()).toBe('1');
      const drawnNetR = copy.locator('[data-kpi="net-r"]');
      const drawn = { text: await drawnNetR.textContent(), box: await drawnNetR.boundingBox() };
      expect(await copy.locator('[id], [data-testid]').count()).toBe(0);
      await screenshot(drawnPage, mobile ? 'dashboard-drawn-by-server-phone' : 'dashboard-drawn-by-server');
      await noScripts.close();

      const live = await newContext(running, { mobile, cookies });
      const page = await live.newPage();
      const errors = consoleErrorsOf(page);
      await page.goto('/');
      await page.getByTestId('dashboard-kpis').waitFor();
      expect(new URL(page.url()).pathname).toBe('/home');
      expect(await page.locator('#prerendered-screen').count()).toBe(0);
      const liveNetR = page.getByTestId('dashboard-kpis').locator('[data-kpi="net-r"]');
      expect(await liveNetR.textContent()).toBe(drawn.text);
      expectInPlaceOf(await liveNetR.boundingBox(), drawn.box, `mobile ${mobile}`);
      expect(errors).toEqual([]);
      await live.close();
    }
  });
});
