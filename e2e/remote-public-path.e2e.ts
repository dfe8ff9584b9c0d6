import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
} from './browser';

// The journal as if its mf-manifest.json were published at one path (a CDN's) and its scripts at another:
// the shell must find remoteEntry.js from the manifest's publicPath, not beside the manifest.
const MOVED_MANIFEST = '/cdn/journal/mf-manifest.json';
const SCRIPTS_AT = `${baseUrl}/remotes/journal/`;

describe('a remote whose mf-manifest.json names another public path', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  const requested: string[] = [];

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running);
    page = await context.newPage();
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.route('**/remotes-manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest: { remotes: { name: string; entry: string }[] } = await response.json();
      for (const remote of manifest.remotes) if (remote.name === 'journal') remote.entry = MOVED_MANIFEST;
      await route.fulfill({ response, json: manifest });
    });
    await page.route(`**${MOVED_MANIFEST}`, async (route) => {
      const response = await route.fetch({ url: `${SCRIPTS_AT}mf-manifest.json` });
      const manifest: { metaData: { publicPath: string } } = await response.json();
      manifest.metaData.publicPath = SCRIPTS_AT;
      await route.fulfill({ response, json: manifest });
    });
    await registerThroughScreen(page, newTestUser('נועה'));
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('loads the journal from the public path its manifest names, with its menu', async () => {
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).isVisible()).toBe(true);
    expect(requested).toContain(MOVED_MANIFEST);
    expect(requested).toContain('/remotes/journal/remoteEntry.js');
    expect(requested).not.toContain('/cdn/journal/remoteEntry.js');
  });
});
