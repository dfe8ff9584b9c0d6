import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  loginThroughScreen,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
  screenshot,
  toastText,
} from './browser';

describe('signing up, out and in', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('דנה כהן');

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('shows the auth screen with the tagline and the four features to a visitor', async () => {
    await page.goto('/calendar');
    await page.waitForURL('**/auth');
    await page.getByText('יומן המסחר המתקדם').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['לוח שנה חכם', 'ניתוח מתקדם', 'מערכת מנטור-תלמיד', 'ציון אמינות וחלון נעילה']),
    );
    await screenshot(page, 'auth-screen');
  });

  it('registers a student, lands on the dashboard (/home) and greets them', async () => {
    await registerThroughScreen(page, user);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await toastText(page, 'נרשמת בהצלחה')).toContain(
      `נרשמת בהצלחה ברוך הבא למערכת ${user.displayName}`,
    );
  });

  it('lays the page out right to left in Heebo, and the font really loads', async () => {
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily).toContain('Heebo');
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      await document.fonts.load('16px Heebo', 'שלום');
      return document.fonts.check('16px Heebo', 'שלום');
    });
    expect(loaded).toBe(true);
    await screenshot(page, 'calendar-after-register');
  });

  it('logs out with the goodbye toast and returns to /auth', async () => {
    await page.getByRole('button', { name: 'התנתק' }).click();
    await page.waitForURL('**/auth');
    expect(await toastText(page, 'התנתקת מהמערכת')).toContain('התנתקת מהמערכת נתראה בפעם הבאה!');
  });

  it('refuses a wrong password with the server message', async () => {
    await loginThroughScreen(page, user.email, 'not-the-password');
    expect(await toastText(page, 'שגיאה בהתחברות')).toMatch(/^שגיאה בהתחברות .+/u);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'auth-wrong-password');
  });

  it('logs back in with the welcome toast and lands on the dashboard', async () => {
    await loginThroughScreen(page, user.email, user.password);
    await page.waitForURL('**/home');
    expect(await toastText(page, 'התחברת בהצלחה')).toContain(`התחברת בהצלחה ברוך הבא ${user.displayName}`);
  });

  it('sends a signed-in user away from /auth', async () => {
    await page.goto('/auth');
    await page.waitForURL('**/home');
  });
});
