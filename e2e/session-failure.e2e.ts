import { describe, expect, it } from 'vitest';
import { newTestUser, screenshot, tabForSpecs } from './browser';

describe('a session check that fails', () => {
  const tab = tabForSpecs({ user: newTestUser('אורית'), mobile: true });

  it('keeps a signed-in user on their page with an error and a retry, not the sign-in form', async () => {
    let failing = true;
    await tab.page.route('**/api/user', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'שגיאת שרת פנימית', code: 'INTERNAL' }),
          })
        : route.continue(),
    );
    await tab.page.goto('/calendar');
    const panel = tab.page.getByRole('alert').filter({ hasText: 'לא הצלחנו לבדוק את החיבור שלך' });
    await panel.waitFor();
    expect(new URL(tab.page.url()).pathname).toBe('/calendar');
    expect(await tab.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await tab.page.getByRole('button', { name: 'התחבר' }).count()).toBe(0);
    await screenshot(tab.page, 'session-check-failed');

    failing = false;
    await panel.getByRole('button', { name: 'נסה שוב' }).click();
    await panel.waitFor({ state: 'detached' });
    await tab.page.getByRole('main').getByRole('heading').first().waitFor();
    expect(new URL(tab.page.url()).pathname).toBe('/calendar');
    await tab.page.unroute('**/api/user');
  });
});
