import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  newContext,
  newTestUser,
  type RunningBrowser,
  registerThroughScreen,
  screenshot,
  toastText,
} from './browser';

// The journal end to end: a trade added from a calendar day shows up in the day cell, the KPI tiles, the day
// drawer and the trades list without a reload; a locked trade has no delete button and the server refuses it.

const ZONE = 'Asia/Jerusalem';

describe('the journal: calendar, day drawer, add-trade dialog and trades list', () => {
  let running: RunningBrowser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('נועה ברק');
  const today = DateTime.now().setZone(ZONE).toISODate()!;
  const dayCell = () => page.locator(`[data-date="${today}"]`);

  beforeAll(async () => {
    running = await launchChromium();
    context = await newContext(running);
    page = await context.newPage();
    await registerThroughScreen(page, user);
  });
  afterAll(async () => {
    await context?.close();
    await running?.close();
  });

  it('adds a trade from a calendar day and shows it in the cell, the KPIs, the drawer and the list', async () => {
    await page.getByTestId('month-grid').waitFor();
    // A marker on window: a full page reload would wipe it, so finding it later proves there was none.
    await page.evaluate(() => {
      (window as unknown as { __journalLoads: number }).__journalLoads = 1;
    });
    expect(await page.getByTestId('month-kpis').locator('[data-kpi="trades"]').textContent()).toBe('0');

    await dayCell().hover();
    await dayCell().locator('[data-add-trade]').click();
    const dialog = page.getByRole('dialog', { name: 'עסקה חדשה' });
    await dialog.waitFor();
    const exitTime = await dialog.getByLabel('זמן יציאה').inputValue();
    expect(exitTime.startsWith(today)).toBe(true);
    await dialog.getByLabel('סימול').fill('btcusdt');
    await dialog.getByLabel('מחיר כניסה').fill('65000');
    await dialog.getByLabel('מחיר יציאה').fill('66300');
    await dialog.getByLabel('סטופ לוס', { exact: false }).fill('64350');
    await dialog.getByLabel('כמות מטבעות').fill('0.5');
    const r = dialog.locator('[data-result="r-multiple"]');
    await r.waitFor();
    expect(await r.textContent()).toBe('+2.00R');
    await screenshot(page, 'journal-add-trade-calculated');
    await dialog.getByRole('button', { name: 'שמור עסקה' }).click();
    expect(await toastText(page, 'העסקה נשמרה בהצלחה')).toContain('העסקה התווספה ליומן המסחר');
    await dialog.waitFor({ state: 'detached' });

    // The cell, the KPI tiles and the drawer, without a reload.
    await dayCell().locator('[data-testid="day-result"]').waitFor();
    expect(await dayCell().locator('[data-testid="day-result"]').textContent()).toContain('+2.00R');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="month-kpis"] [data-kpi="trades"]')?.textContent === '1',
    );
    await screenshot(page, 'journal-calendar-with-trade');
    await dayCell()
      .getByRole('button', { name: /\+2\.00R/ })
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('day-trades').waitFor();
    expect(await drawer.getByTestId('day-trades').textContent()).toContain('BTCUSDT');
    expect(await drawer.locator('[data-figure="trades"]').textContent()).toBe('1');
    await screenshot(page, 'journal-day-drawer');
    await page.keyboard.press('Escape');

    // The trades list through the sidebar: client-side navigation, the same page load.
    await page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).click();
    await page.waitForURL('**/trades');
    const row = page.locator('tr', { hasText: 'BTCUSDT' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'מחק עסקה BTCUSDT' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __journalLoads?: number }).__journalLoads)).toBe(
      1,
    );
    await screenshot(page, 'journal-trades-list');
  });

  it('shows no delete button for a locked trade, and the server refuses to delete it', async () => {
    // Exited three days ago: past the 24-hour lock window, so the server locks it the moment it is logged.
    const exit = DateTime.now().minus({ days: 3 });
    const logged = await page.request.post('/api/trades', {
      data: {
        symbol: 'AAPL',
        assetType: 'stocks',
        direction: 'long',
        entryPrice: '190',
        exitPrice: '192',
        stopPrice: '189',
        targetPrice: null,
        positionSize: '10',
        fees: '0',
        session: 'new_york',
        setup: 'pullback',
        entryTime: exit.minus({ hours: 1 }).toUTC().toISO(),
        exitTime: exit.toUTC().toISO(),
        notes: null,
        hasScreenshot: false,
        screenshotUrl: null,
      },
    });
    expect(logged.ok()).toBe(true);
    const trade = (await logged.json()) as { id: string; isLocked: boolean };
    expect(trade.isLocked).toBe(true);

    await page.reload();
    const row = page.locator('tr', { hasText: 'AAPL' });
    await row.waitFor();
    expect(await row.getByRole('img', { name: 'נעולה' }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'מחק עסקה AAPL' }).count()).toBe(0);
    await screenshot(page, 'journal-locked-trade');

    const refused = await page.request.delete(`/api/trades/${trade.id}`);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('TRADE_LOCKED');
  });

  it('pages the trades list: 50 newest first, older pages by keyboard, every trade once', async () => {
    // Two trades are already logged above; 55 more, ten minutes apart, make two pages and a bit.
    const logged = new Set<string>();
    for (let index = 0; index < 55; index += 1) {
      const exit = DateTime.now().minus({ hours: 2, minutes: index * 10 });
      const response = await page.request.post('/api/trades', {
        data: {
          symbol: 'EURUSD',
          assetType: 'forex',
          direction: 'long',
          entryPrice: '1.1000',
          exitPrice: '1.1010',
          stopPrice: '1.0990',
          positionSize: '1',
          fees: '0',
          session: 'london',
          setup: 'breakout',
          entryTime: exit.minus({ minutes: 30 }).toUTC().toISO(),
          exitTime: exit.toUTC().toISO(),
          notes: `paging ${index}`,
        },
      });
      expect(response.status()).toBe(201);
      logged.add(((await response.json()) as { id: string }).id);
    }
    const pages: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/trades' && request.method() === 'GET')
        pages.push(request.url());
    });
    await page.reload();
    const title = page.getByTestId('trades-title');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="trades-title"]')?.textContent === 'עסקאות (\u206650+\u2069)',
    );
    expect(await page.locator('tbody tr').count()).toBe(50);
    expect(await page.getByTestId('trades-shown').textContent()).toBe('מוצגות 50 העסקאות האחרונות');
    await screenshot(page, 'journal-trades-first-page');

    // The keyboard alone: focus the button, Enter loads the next page, and focus stays on the button.
    const loadMore = page.getByRole('button', { name: 'טען עוד עסקאות' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="trades-title"]')?.textContent === 'עסקאות (57)',
    );
    expect(await title.textContent()).toBe('עסקאות (57)');
    expect(await loadMore.count()).toBe(0);
    expect(await page.getByTestId('trades-shown').textContent()).toBe('מוצגות כל 57 העסקאות');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'trades-shown',
    );

    const ids = await page
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-trade-id') ?? ''));
    expect(ids).toHaveLength(57);
    expect(new Set(ids).size).toBe(57);
    for (const id of logged) expect(ids).toContain(id);
    const trades = pages.filter((url) => new URL(url).searchParams.get('limit') === '50');
    expect(trades).toHaveLength(2);
    expect(new URL(trades[1] as string).searchParams.get('cursor')).toBeTruthy();
    await screenshot(page, 'journal-trades-all-pages');
  });
});
