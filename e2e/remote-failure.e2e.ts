import { beforeAll, describe, expect, it } from 'vitest';
import { newTestUser, registerThroughScreen, screenshot, tabForSpecs } from './browser';

describe('a remote that cannot be loaded', () => {
  let journalBlocked = true;
  const tab = tabForSpecs();

  beforeAll(async () => {
    // Everything the journal remote serves fails, as when its deployment is down.
    await tab.page.route('**/remotes/journal/**', (route) =>
      journalBlocked ? route.abort('failed') : route.continue(),
    );
    await registerThroughScreen(tab.page, newTestUser('מיכל'));
  });

  it('shows the error panel with a retry where the journal screen would be', async () => {
    const panel = tab.page.getByRole('alert').filter({ hasText: 'המסך לא נטען' });
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: 'נסה שוב' }).isVisible()).toBe(true);
    await screenshot(tab.page, 'remote-failure-panel');
  });

  it('keeps the rest of the app working: the leagues remote, the header and the shell routes', async () => {
    await tab.page.getByTestId('sidebar').getByRole('link', { name: 'ליגות' }).click();
    await tab.page.waitForURL('**/leagues');
    await tab.page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
    await tab.page.getByTestId('session-clock-trigger').click();
    await tab.page.getByTestId('session-clock-panel').waitFor();
    await tab.page.keyboard.press('Escape');
    await tab.page.goto('/settings');
    await tab.page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
  });

  it('loads the journal once it is reachable again and the user retries', async () => {
    // A page load of /calendar preloads the journal's scripts, and those preloads failed: the retry must
    // not be answered by them (shell/src/remotes/pageRetry.ts).
    await tab.page.goto('/calendar');
    const panel = tab.page.getByRole('alert').filter({ hasText: 'המסך לא נטען' });
    await panel.waitFor();
    journalBlocked = false;
    await panel.getByRole('button', { name: 'נסה שוב' }).click();
    await panel.waitFor({ state: 'detached' });
    // The journal's own screen (whatever it shows) has a heading; the shell's loading state has none.
    await tab.page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await tab.page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).isVisible()).toBe(
      true,
    );
  });
});
