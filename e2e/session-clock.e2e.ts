import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
  screenshot,
} from './browser';

// Fixed instants on both sides of the spring 2026 weeks when Israel is New York + 6 h (facts.md).
const BEFORE_GAP = '2026-03-05T05:30:00Z'; // Thu 00:30 New York (EST), 07:30 Israel
const INSIDE_GAP = '2026-03-10T04:30:00Z'; // Tue 00:30 New York (EDT), 06:30 Israel
const WEEKEND = '2026-03-14T17:00:00Z'; // Saturday

describe('the header session clock against fixed clocks', () => {
  let running: RunningBrowser;
  const user = newTestUser('שירה');

  beforeAll(async () => {
    running = await launchChromium();
    const context = await newContext(running);
    await registerThroughScreen(await context.newPage(), user);
    await context.close();
  });
  afterAll(async () => {
    await running?.close();
  });

  async function openClockAt(instant: string, mobile = false): Promise<Page> {
    const context = await newContext(running, { frozenNow: instant, mobile });
    const page = await context.newPage();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'התחברות' });
    await form.getByLabel('אימייל').fill(user.email);
    await form.getByLabel('סיסמה').fill(user.password);
    await form.getByRole('button', { name: 'התחבר' }).click();
    await page.waitForURL('**/home');
    await page.getByTestId('session-clock-trigger').click();
    await page.getByTestId('session-clock-panel').waitFor();
    return page;
  }

  const asiaRow = (page: Page) => page.locator('[data-session-id="asia"]');
  const overflowsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it('before the DST gap: at 07:30 in Israel Asia is over and London open is next at 09:00', async () => {
    const page = await openClockAt(BEFORE_GAP);
    const panel = page.getByTestId('session-clock-panel');
    expect(await panel.textContent()).toContain('00:30:00');
    expect(await asiaRow(page).getAttribute('data-active')).toBe('false');
    expect(await asiaRow(page).textContent()).toContain('03:00–07:00');
    expect(await page.getByTestId('session-next').textContent()).toContain('פתיחת לונדון');
    expect(await page.getByTestId('session-next').textContent()).toContain('09:00');
    await screenshot(page, 'session-clock-before-dst-gap');
    await page.context().close();
  });

  it('inside the DST gap: at 06:30 in Israel Asia is still active, with 30 minutes left', async () => {
    const page = await openClockAt(INSIDE_GAP);
    expect(await asiaRow(page).getAttribute('data-active')).toBe('true');
    expect(await asiaRow(page).textContent()).toContain('02:00–07:00');
    expect(await page.getByTestId('session-remaining').textContent()).toContain('0:30:00');
    expect(await asiaRow(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('90');
    expect(await page.locator('[data-session-id="london-open"]').textContent()).toContain('08:00–11:00');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'session-clock-inside-dst-gap');
    await page.context().close();
  });

  it('on Saturday says the market is closed and points at Sunday evening (on a phone)', async () => {
    const page = await openClockAt(WEEKEND, true);
    expect(await overflowsSideways(page)).toBe(false);
    await page.getByTestId('market-closed').waitFor();
    expect(await page.getByTestId('session-clock-trigger').textContent()).toContain('השוק סגור');
    expect(await page.getByTestId('session-next').textContent()).toContain('אסיה');
    await page.context().close();
  });
});
