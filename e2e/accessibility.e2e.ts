import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
} from './browser';

describe('accessibility (axe-core: no serious or critical violation)', () => {
  let running: RunningBrowser;

  beforeAll(async () => {
    running = await launchChromium();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('on the auth screen, both tabs', async () => {
    const context = await newContext(running, { bypassCsp: true });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByText('יומן המסחר המתקדם').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'הרשמה' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('on the signed-in layout, desktop and phone', async () => {
    const context = await newContext(running, { bypassCsp: true });
    const page = await context.newPage();
    await registerThroughScreen(page, newTestUser('אורי'));
    await page.getByTestId('sidebar').getByRole('link', { name: 'ליגות' }).waitFor();
    await page.getByTestId('session-clock-trigger').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    // Checked once the phone layout has settled: the sidebar gone and no transition half-way through.
    await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
    await page.getByTestId('mobile-menu-trigger').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((each) => each.playState !== 'running'));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
