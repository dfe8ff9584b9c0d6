import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newTestUser, registerThroughScreen, tabForSpecs } from './browser';

// The journal as if its mf-manifest.json were published at one path (a CDN's) and its scripts at another:
// the shell must find remoteEntry.js from the manifest's publicPath, not beside the manifest.
const MOVED_MANIFEST = '/cdn/journal/mf-manifest.json';
const SCRIPTS_AT = `${baseUrl}/remotes/journal/`;

describe('a remote whose mf-manifest.json names another public path', () => {
  const requested: string[] = [];
  const tab = tabForSpecs();

  beforeAll(async () => {
    tab.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await tab.page.route('**/remotes-manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest: { remotes: { name: string; entry: string }[] } = await response.json();
      for (const remote of manifest.remotes) if (remote.name === 'journal') remote.entry = MOVED_MANIFEST;
      await route.fulfill({ response, json: manifest });
    });
    await tab.page.route(`**${MOVED_MANIFEST}`, async (route) => {
      const response = await route.fetch({ url: `${SCRIPTS_AT}mf-manifest.json` });
      const manifest: { metaData: { publicPath: string } } = await response.json();
      manifest.metaData.publicPath = SCRIPTS_AT;
      await route.fulfill({ response, json: manifest });
    });
    await registerThroughScreen(tab.page, newTestUser('נועה'));
  });

  it('loads the journal from the public path its manifest names, with its menu', async () => {
    await tab.page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await tab.page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).isVisible()).toBe(
      true,
    );
    expect(requested).toContain(MOVED_MANIFEST);
    expect(requested).toContain('/remotes/journal/remoteEntry.js');
    expect(requested).not.toContain('/cdn/journal/remoteEntry.js');
  });
});
