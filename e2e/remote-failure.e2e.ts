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

describe('a remote that cannot be loaded', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  let journalBlocked = true;

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running);
    page = await context.newPage();
    // Everything the journal remote serves fails, as when its deployment is down.
    await page.route('**/remotes/journal/**', (route) =>
      journalBlocked ? route.abort('failed') : route.continue(),
    );
    await registerThroughScreen(page, newTestUser('מיכל'));
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('shows the error panel with a retry where the journal screen would be', async () => {
    const panel = page.getByRole('alert').filter({ hasText: 'המסך לא נטען' });
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: 'נסה שוב' }).isVisible()).toBe(true);
    await screenshot(page, 'remote-failure-panel');
  });

  it('keeps the rest of the app working: the leagues remote, the header and the shell routes', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'ליגות' }).click();
    await page.waitForURL('**/leagues');
    await page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
    await page.getByTestId('session-clock-trigger').click();
    await page.getByTestId('session-clock-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await page.getByRole('main').getByText('המסך הזה עוד לא זמין').waitFor();
  });

  it('loads the journal once it is reachable again and the user retries', async () => {
    await page.goto('/calendar');
    const panel = page.getByRole('alert').filter({ hasText: 'המסך לא נטען' });
    await panel.waitFor();
    journalBlocked = false;
    await panel.getByRole('button', { name: 'נסה שוב' }).click();
    await panel.waitFor({ state: 'detached' });
    // The journal's own screen (whatever it shows) has a heading; the shell's loading state has none.
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).isVisible()).toBe(true);
  });
});
