import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEBIAN_CHROMIUM } from '../scripts/testing/chromium.mjs';

/** The running product, started by scripts/test-e2e.mjs. */
export const baseUrl = (() => {
  const url = process.env.YOMAN_E2E_BASE_URL;
  if (!url) throw new Error('YOMAN_E2E_BASE_URL is not set: run the browser suite with `npm run test:e2e`');
  return url;
})();

const artifactsDir = resolve(import.meta.dirname, '../artifacts');

// TOOLCHAIN.md: Debian's Chromium, headless, quiet.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface RunningBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts Chromium. playwright-core gives every launch a fresh temporary --user-data-dir of its own (it
 * refuses one passed in args), so no profile survives between runs.
 */
export async function launchChromium(): Promise<RunningBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  return { browser, close: () => browser.close() };
}

export interface ContextOptions {
  mobile?: boolean;
  /** An ISO instant that freezes the session clock (window.__YOMAN_NOW__). */
  frozenNow?: string;
  /** Lets the test inject scripts (axe-core) past the gateway's script-src 'self' policy. */
  bypassCsp?: boolean;
  /** false: pages run no script, so a test sees what the HTML alone paints. */
  javaScriptEnabled?: boolean;
  /** A session to start with (another context's cookies). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
}

/** A fresh browser context (its own cookies and storage), Hebrew locale, desktop or phone sized. */
export async function newContext(
  running: RunningBrowser,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await running.browser.newContext({
    baseURL: baseUrl,
    locale: 'he-IL',
    timezoneId: 'Asia/Jerusalem',
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    bypassCSP: options.bypassCsp ?? false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // Slide-ins finish at once, so screenshots show the final state rather than a frame of the animation.
    reducedMotion: 'reduce',
  });
  if (options.cookies) await context.addCookies(options.cookies);
  if (options.frozenNow) {
    await context.addInitScript((instant) => {
      window.__YOMAN_NOW__ = instant;
    }, options.frozenNow);
  }
  return context;
}

let userCounter = 0;

export interface TestUser {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

/** A new, unique student for one test. */
export function newTestUser(displayName = 'דנה כהן'): TestUser {
  userCounter += 1;
  const tag = `${Date.now().toString(36)}${userCounter}`;
  return {
    displayName,
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'correct-horse-8',
  };
}

/** Registers through the auth screen's register tab and waits for the landing route. */
export async function registerThroughScreen(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'הרשמה' }).click();
  const form = page.getByRole('form', { name: 'הרשמה' });
  await form.getByLabel('שם מלא').fill(user.displayName);
  await form.getByLabel('שם משתמש').fill(user.username);
  await form.getByLabel('אימייל').fill(user.email);
  await form.getByLabel('סיסמה').fill(user.password);
  await form.getByRole('button', { name: 'צור חשבון' }).click();
  await page.waitForURL('**/home');
}

/** Logs in through the auth screen's login tab. */
export async function loginThroughScreen(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'התחברות' });
  await form.getByLabel('אימייל').fill(email);
  await form.getByLabel('סיסמה').fill(password);
  await form.getByRole('button', { name: 'התחבר' }).click();
}

/**
 * The text of the toast on screen (one at a time, spec §9). Pass `expected` to wait for the toast that
 * contains it: right after an action the previous toast (e.g. the welcome) may still be showing.
 */
export async function toastText(page: Page, expected?: string): Promise<string> {
  const open = page.locator('li[data-variant][data-state="open"]');
  const toast = (expected === undefined ? open : open.filter({ hasText: expected })).first();
  try {
    await toast.waitFor({ state: 'visible' });
  } catch (error) {
    // Say which toasts were on screen instead, if any: an error toast names the failure.
    const shown = await open.allInnerTexts().catch(() => []);
    await screenshot(page, `toast-missing-${Date.now()}`).catch(() => undefined);
    throw new Error(
      `no toast with "${expected}" came; on screen: ${shown.length ? shown.map((text) => JSON.stringify(text)).join(', ') : 'none'}`,
      { cause: error },
    );
  }
  // Title and description are separate blocks; their rendered texts are joined with a space.
  return (await toast.allInnerTexts()).join(' ').replace(/\s+/gu, ' ').trim();
}

/** Saves a full-page screenshot under artifacts/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** A browser tab for the specs of one `describe`. */
export interface SpecTab {
  running: RunningBrowser;
  context: BrowserContext;
  page: Page;
}

/**
 * Opens a tab before a `describe`'s specs (phone sized if `mobile`, signed up as `user` when one is given)
 * and closes it after them.
 */
export function tabForSpecs(options: { user?: TestUser; mobile?: boolean } = {}): SpecTab {
  const tab = {} as SpecTab;
  beforeAll(async () => {
    tab.running = await launchChromium();
    tab.context = await newContext(tab.running, { mobile: options.mobile });
    tab.page = await tab.context.newPage();
    if (options.user) await registerThroughScreen(tab.page, options.user);
  });
  afterAll(async () => {
    await tab.context?.close();
    await tab.running?.close();
  });
  return tab;
}

/** The paths the links inside `container` lead to, in document order. */
export function linkPaths(container: Locator): Promise<string[]> {
  return container
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
}

/**
 * Logs a small EURUSD win for the tab's user through the API, exited at `exit` after half an hour in it; answers
 * the trade's id.
 */
export async function logForexTrade(page: Page, exit: Date, notes?: string): Promise<string> {
  const response = await page.request.post('/api/trades', {
    data: {
      symbol: 'EURUSD',
      assetType: 'forex',
      direction: 'long',
      entryPrice: '1.1000',
      exitPrice: '1.1010',
      stopPrice: '1.0990',
      positionSize: '1',
      fees: '0',
      session: 'london',
      setup: 'breakout',
      entryTime: new Date(exit.getTime() - 30 * 60_000).toISOString(),
      exitTime: exit.toISOString(),
      ...(notes === undefined ? {} : { notes }),
    },
  });
  if (response.status() !== 201) throw new Error(`POST /api/trades answered ${response.status()}`);
  return ((await response.json()) as { id: string }).id;
}
