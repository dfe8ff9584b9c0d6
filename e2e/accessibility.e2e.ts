import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
} from './browser';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

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
