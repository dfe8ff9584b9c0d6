import { describe, expect, it } from 'vitest';
import {
  loginThroughScreen,
  newTestUser,
  registerThroughScreen,
  screenshot,
  tabForSpecs,
  toastText,
} from './browser';

describe('signing up, out and in', () => {
  const user = newTestUser('דנה כהן');
  const tab = tabForSpecs();

  it('shows the auth screen with the tagline and the four features to a visitor', async () => {
    await tab.page.goto('/calendar');
    await tab.page.waitForURL('**/auth');
    await tab.page.getByText('יומן המסחר המתקדם').waitFor();
    expect(await tab.page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['לוח שנה חכם', 'ניתוח מתקדם', 'מערכת מנטור-תלמיד', 'ציון אמינות וחלון נעילה']),
    );
    await screenshot(tab.page, 'auth-screen');
  });

  it('registers a student, lands on the dashboard (/home) and greets them', async () => {
    await registerThroughScreen(tab.page, user);
    expect(new URL(tab.page.url()).pathname).toBe('/home');
    expect(await toastText(tab.page, 'נרשמת בהצלחה')).toContain(
      `נרשמת בהצלחה ברוך הבא למערכת ${user.displayName}`,
    );
  });

  it('lays the page out right to left in Heebo, and the font really loads', async () => {
    expect(await tab.page.locator('html').getAttribute('dir')).toBe('rtl');
    const fontFamily = await tab.page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily).toContain('Heebo');
    const loaded = await tab.page.evaluate(async () => {
      await document.fonts.ready;
      await document.fonts.load('16px Heebo', 'שלום');
      return document.fonts.check('16px Heebo', 'שלום');
    });
    expect(loaded).toBe(true);
    await screenshot(tab.page, 'calendar-after-register');
  });

  it('logs out with the goodbye toast and returns to /auth', async () => {
    await tab.page.getByRole('button', { name: 'התנתק' }).click();
    await tab.page.waitForURL('**/auth');
    expect(await toastText(tab.page, 'התנתקת מהמערכת')).toContain('התנתקת מהמערכת נתראה בפעם הבאה!');
  });

  it('refuses a wrong password with the server message', async () => {
    await loginThroughScreen(tab.page, user.email, 'not-the-password');
    expect(await toastText(tab.page, 'שגיאה בהתחברות')).toMatch(/^שגיאה בהתחברות .+/u);
    expect(new URL(tab.page.url()).pathname).toBe('/auth');
    await screenshot(tab.page, 'auth-wrong-password');
  });

  it('logs back in with the welcome toast and lands on the dashboard', async () => {
    await loginThroughScreen(tab.page, user.email, user.password);
    await tab.page.waitForURL('**/home');
    expect(await toastText(tab.page, 'התחברת בהצלחה')).toContain(
      `התחברת בהצלחה ברוך הבא ${user.displayName}`,
    );
  });

  it('sends a signed-in user away from /auth', async () => {
    await tab.page.goto('/auth');
    await tab.page.waitForURL('**/home');
  });
});
