import { describe, expect, it } from 'vitest';
import { linkPaths, logForexTrade, newTestUser, screenshot, tabForSpecs } from './browser';

describe('the signed-in layout', () => {
  const user = newTestUser('יעל לוי');
  const tab = tabForSpecs({ user });

  it('shows the brand, initials, name, role and the student menu in the spec order', async () => {
    const sidebar = tab.page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'ליגות' }).waitFor();
    expect(await sidebar.getByTestId('avatar').textContent()).toBe('יל');
    expect(await sidebar.textContent()).toContain('יעל לוי');
    expect(await sidebar.textContent()).toContain('תלמיד');
    const links = await linkPaths(sidebar.getByRole('navigation'));
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
    await screenshot(tab.page, 'layout-desktop');
    await tab.page.goto('/economic-calendar');
    await tab.page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
  });

  it('answers an unknown path with the 404 page inside the layout', async () => {
    await tab.page.goto('/no-such-screen');
    await tab.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await tab.page.getByTestId('sidebar').isVisible()).toBe(true);
    await tab.page.goto('/mentor/no-such-screen');
    await tab.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(tab.page, 'not-found');
  });

  it('keeps the sidebar collapsed across a reload, 16 units (64px) collapsed and 64 units (256px) expanded', async () => {
    await tab.page.goto('/calendar');
    const sidebar = tab.page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await tab.page.getByTestId('sidebar-toggle').click();
    await tab.page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    expect(await tab.page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('true');
    // The server draws a page load's calendar with the sidebar as this cookie says.
    const cookie = async () =>
      (await tab.page.context().cookies()).find(({ name }) => name === 'sidebar-collapsed')?.value;
    expect(await cookie()).toBe('true');
    const drawn = await tab.page.context().request.get('/calendar', { headers: { accept: 'text/html' } });
    expect(await drawn.text()).toMatch(/id="prerendered-screen"[\s\S]*<aside data-collapsed="true"/u);
    await tab.page.reload();
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    await tab.page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    await screenshot(tab.page, 'layout-sidebar-collapsed');
    await tab.page.getByTestId('sidebar-toggle').click();
    expect(await tab.page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('false');
    expect(await cookie()).toBeUndefined();
  });

  it('opens the user menu with profile, settings and logout', async () => {
    await tab.page.getByTestId('user-menu-trigger').click();
    const menu = tab.page.locator('header');
    for (const item of ['פרופיל', 'הגדרות', 'התנתק']) await menu.getByText(item, { exact: true }).waitFor();
    await tab.page.keyboard.press('Escape');
  });

  it('switches to left-to-right when the user turns the rtlLayout setting off, and back', async () => {
    const settings = await (await tab.page.request.get('/api/user-settings')).json();
    const saveDisplay = (rtlLayout: boolean) =>
      tab.page.request.put('/api/user-settings', { data: { display: { ...settings.display, rtlLayout } } });
    expect((await saveDisplay(false)).ok()).toBe(true);
    await tab.page.reload();
    await tab.page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await screenshot(tab.page, 'layout-ltr');
    expect((await saveDisplay(true)).ok()).toBe(true);
    await tab.page.reload();
    await tab.page.waitForFunction(() => document.documentElement.dir === 'rtl');
  });
});

describe('the layout on a phone (390×844)', () => {
  const user = newTestUser('נועם');
  const tab = tabForSpecs({ user, mobile: true });

  it('hides the sidebar and opens the slide-in menu with the student links, profile, settings and logout', async () => {
    expect(await tab.page.getByTestId('sidebar').isVisible()).toBe(false);
    await tab.page.getByTestId('mobile-menu-trigger').click();
    const sheet = tab.page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'ליגות' }).waitFor();
    expect(await sheet.getByTestId('mobile-profile').textContent()).toContain('נועם');
    for (const action of ['פרופיל', 'הגדרות', 'התנתק']) {
      expect(await sheet.getByRole('button', { name: action }).isVisible()).toBe(true);
    }
    await screenshot(tab.page, 'mobile-menu');
    await sheet.getByRole('link', { name: 'עסקאות' }).click();
    await tab.page.waitForURL('**/trades');
    await sheet.waitFor({ state: 'detached' });
  });

  it('offers the four shortcuts from the floating button with the user name', async () => {
    const fab = tab.page.getByTestId('shortcut-button');
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
    await screenshot(tab.page, 'mobile-shortcuts');
    await shortcuts.getByRole('link', { name: 'הוסף עסקה' }).click();
    await tab.page.waitForURL('**/trades?add=true');
  });

  it('shows only the picture while the page scrolls down, so it hides less of it, and the name again on the way up', async () => {
    // Eight trades make the trades list longer than the phone's screen.
    for (let index = 0; index < 8; index += 1) {
      await logForexTrade(tab.page, new Date(Date.now() - (2 * 60 + index * 10) * 60_000));
    }
    await tab.page.goto('/trades');
    await tab.page.getByRole('main').getByText('EURUSD').first().waitFor();
    const fab = tab.page.getByTestId('shortcut-button').getByRole('button');
    const name = fab.getByText('נועם', { exact: true });
    const scrollable = await tab.page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(scrollable).toBeGreaterThan(300);
    expect(await name.isVisible()).toBe(true);
    const widthOf = () => fab.evaluate((button) => button.getBoundingClientRect().width);
    const wide = await widthOf();
    await tab.page.mouse.move(200, 400);
    await tab.page.mouse.wheel(0, 300);
    await name.waitFor({ state: 'hidden' });
    // Under reduced motion every property changes through a 0.01 ms transition (GlobalStyle), which still
    // shows the old padding until the next frame, while the name is gone at once: CI read 56 px, not 44.
    await expect.poll(widthOf, { timeout: 5000 }).toBeLessThan(wide / 2);
    expect(await fab.getAttribute('aria-label')).toContain('נועם');
    await screenshot(tab.page, 'mobile-shortcut-scrolling');
    await tab.page.mouse.wheel(0, -150);
    await name.waitFor({ state: 'visible' });
  });
});
