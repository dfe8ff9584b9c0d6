import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
  screenshot,
} from './browser';

describe('the signed-in layout', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('יעל לוי');

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running);
    page = await context.newPage();
    await registerThroughScreen(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('shows the brand, initials, name, role and the student menu in the spec order', async () => {
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'ליגות' }).waitFor();
    expect(await sidebar.getByTestId('avatar').textContent()).toBe('יל');
    expect(await sidebar.textContent()).toContain('יעל לוי');
    expect(await sidebar.textContent()).toContain('תלמיד');
    const links = await sidebar
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
      );
    expect(links).toEqual([
      '/',
      '/calendar',
      '/trades',
      '/analytics',
      '/setups',
      '/leagues',
      '/economic-calendar',
      '/notifications',
      '/settings',
    ]);
    await screenshot(page, 'layout-desktop');
    await page.goto('/economic-calendar');
    await page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
  });

  it('answers an unknown path with the 404 page inside the layout', async () => {
    await page.goto('/no-such-screen');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    await page.goto('/mentor/no-such-screen');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('keeps the sidebar collapsed across a reload, 16 units (64px) collapsed and 64 units (256px) expanded', async () => {
    await page.goto('/calendar');
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByTestId('sidebar-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('true');
    await page.reload();
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    await screenshot(page, 'layout-sidebar-collapsed');
    await page.getByTestId('sidebar-toggle').click();
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('false');
  });

  it('opens the user menu with profile, settings and logout', async () => {
    await page.getByTestId('user-menu-trigger').click();
    const menu = page.locator('header');
    for (const item of ['פרופיל', 'הגדרות', 'התנתק']) await menu.getByText(item, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('switches to left-to-right when the user turns the rtlLayout setting off, and back', async () => {
    const settings = await (await page.request.get('/api/user-settings')).json();
    const saveDisplay = (rtlLayout: boolean) =>
      page.request.put('/api/user-settings', { data: { display: { ...settings.display, rtlLayout } } });
    expect((await saveDisplay(false)).ok()).toBe(true);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await screenshot(page, 'layout-ltr');
    expect((await saveDisplay(true)).ok()).toBe(true);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  });
});

describe('the layout on a phone (390×844)', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('נועם');

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running, { mobile: true });
    page = await context.newPage();
    await registerThroughScreen(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('hides the sidebar and opens the slide-in menu with the student links, profile, settings and logout', async () => {
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('mobile-menu-trigger').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'ליגות' }).waitFor();
    expect(await sheet.getByTestId('mobile-profile').textContent()).toContain('נועם');
    for (const action of ['פרופיל', 'הגדרות', 'התנתק']) {
      expect(await sheet.getByRole('button', { name: action }).isVisible()).toBe(true);
    }
    await screenshot(page, 'mobile-menu');
    await sheet.getByRole('link', { name: 'עסקאות' }).click();
    await page.waitForURL('**/trades');
    await sheet.waitFor({ state: 'detached' });
  });

  it('offers the four shortcuts from the floating button with the user name', async () => {
    const fab = page.getByTestId('shortcut-button');
    expect(await fab.textContent()).toContain('נועם');
    await fab.getByRole('button').click();
    const shortcuts = fab.getByRole('list', { name: 'קיצורי דרך' });
    const targets = await shortcuts.getByRole('link').evaluateAll((anchors) =>
      anchors.map((anchor) => {
        const url = new URL((anchor as HTMLAnchorElement).href);
        return url.pathname + url.search;
      }),
    );
    expect(targets).toEqual(['/trades?add=true', '/trades', '/calendar', '/analytics']);
    await screenshot(page, 'mobile-shortcuts');
    await shortcuts.getByRole('link', { name: 'הוסף עסקה' }).click();
    await page.waitForURL('**/trades?add=true');
  });
});
