import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { logForexTrade, newTestUser, screenshot, tabForSpecs, toastText } from './browser';

// The journal end to end: a trade added from a calendar day shows up in the day cell, the KPI tiles, the day
// drawer and the trades list without a reload; a locked trade has no delete button and the server refuses it.

const ZONE = 'Asia/Jerusalem';

describe('the journal: calendar, day drawer, add-trade dialog and trades list', () => {
  const user = newTestUser('נועה ברק');
  const today = DateTime.now().setZone(ZONE).toISODate()!;
  const tab = tabForSpecs({ user });
  const dayCell = () => tab.page.locator(`[data-date="${today}"]`);

  beforeAll(async () => {
    await tab.page.goto('/calendar');
  });

  it('adds a trade from a calendar day and shows it in the cell, the KPIs, the drawer and the list', async () => {
    await tab.page.getByTestId('month-grid').waitFor();
    // A marker on window: a full page reload would wipe it, so finding it later proves there was none.
    await tab.page.evaluate(() => {
      (window as unknown as { __journalLoads: number }).__journalLoads = 1;
    });
    expect(await tab.page.getByTestId('month-kpis').locator('[data-kpi="trades"]').textContent()).toBe('0');

    await dayCell().hover();
    await dayCell().locator('[data-add-trade]').click();
    const dialog = tab.page.getByRole('dialog', { name: 'עסקה חדשה' });
    await dialog.waitFor();
    // The product's he-IL format (dd.MM.yyyy HH:mm), not the browser's datetime-local (mm/dd/yyyy).
    const exitTime = await dialog.getByLabel('זמן יציאה').inputValue();
    expect(exitTime).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(exitTime.startsWith(DateTime.fromISO(today).toFormat('dd.MM.yyyy'))).toBe(true);
    await dialog.getByLabel('סימול').fill('btcusdt');
    await dialog.getByLabel('מחיר כניסה').fill('65000');
    await dialog.getByLabel('מחיר יציאה').fill('66300');
    await dialog.getByLabel('סטופ לוס', { exact: false }).fill('64350');
    await dialog.getByLabel('כמות מטבעות').fill('0.5');
    const r = dialog.locator('[data-result="r-multiple"]');
    await r.waitFor();
    expect(await r.textContent()).toBe('+2.00R');
    await screenshot(tab.page, 'journal-add-trade-calculated');
    await dialog.getByRole('button', { name: 'שמור עסקה' }).click();
    expect(await toastText(tab.page, 'העסקה נשמרה בהצלחה')).toContain('העסקה התווספה ליומן המסחר');
    await dialog.waitFor({ state: 'detached' });

    // The cell, the KPI tiles and the drawer, without a reload.
    await dayCell().locator('[data-testid="day-result"]').waitFor();
    expect(await dayCell().locator('[data-testid="day-result"]').textContent()).toContain('+2.00R');
    await tab.page.waitForFunction(
      () => document.querySelector('[data-testid="month-kpis"] [data-kpi="trades"]')?.textContent === '1',
    );
    await screenshot(tab.page, 'journal-calendar-with-trade');
    await dayCell()
      .getByRole('button', { name: /\+2\.00R/ })
      .click();
    const drawer = tab.page.getByRole('dialog');
    await drawer.getByTestId('day-trades').waitFor();
    expect(await drawer.getByTestId('day-trades').textContent()).toContain('BTCUSDT');
    expect(await drawer.locator('[data-figure="trades"]').textContent()).toBe('1');
    await screenshot(tab.page, 'journal-day-drawer');
    await tab.page.keyboard.press('Escape');

    // The trades list through the sidebar: client-side navigation, the same page load.
    await tab.page.getByTestId('sidebar').getByRole('link', { name: 'עסקאות' }).click();
    await tab.page.waitForURL('**/trades');
    const row = tab.page.locator('tr', { hasText: 'BTCUSDT' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'מחק עסקה BTCUSDT' }).count()).toBe(1);
    expect(
      await tab.page.evaluate(() => (window as unknown as { __journalLoads?: number }).__journalLoads),
    ).toBe(1);
    await screenshot(tab.page, 'journal-trades-list');
  });

  it('shows no delete button for a locked trade, and the server refuses to delete it', async () => {
    // Exited three days ago: past the 24-hour lock window, so the server locks it the moment it is logged.
    const exit = DateTime.now().minus({ days: 3 });
    const logged = await tab.page.request.post('/api/trades', {
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

    await tab.page.reload();
    const row = tab.page.locator('tr', { hasText: 'AAPL' });
    await row.waitFor();
    expect(await row.getByRole('img', { name: 'נעולה' }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'מחק עסקה AAPL' }).count()).toBe(0);
    await screenshot(tab.page, 'journal-locked-trade');

    const refused = await tab.page.request.delete(`/api/trades/${trade.id}`);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('TRADE_LOCKED');
  });

  it('pages the trades list: 50 newest first, older pages by keyboard, every trade once', async () => {
    // Two trades are already logged above; 55 more, ten minutes apart, make two pages and a bit.
    const logged = new Set<string>();
    for (let index = 0; index < 55; index += 1) {
      const exit = DateTime.now()
        .minus({ hours: 2, minutes: index * 10 })
        .toJSDate();
      logged.add(await logForexTrade(tab.page, exit, `paging ${index}`));
    }
    const pages: string[] = [];
    tab.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/trades' && request.method() === 'GET')
        pages.push(request.url());
    });
    await tab.page.reload();
    const title = tab.page.getByTestId('trades-title');
    await tab.page.waitForFunction(
      () =>
        document.querySelector('[data-testid="trades-title"]')?.textContent === 'עסקאות (\u206650+\u2069)',
    );
    expect(await tab.page.locator('tbody tr').count()).toBe(50);
    expect(await tab.page.getByTestId('trades-shown').textContent()).toBe('מוצגות 50 העסקאות האחרונות');
    await screenshot(tab.page, 'journal-trades-first-page');

    // The keyboard alone: focus the button, Enter loads the next page, and focus stays on the button.
    const loadMore = tab.page.getByRole('button', { name: 'טען עוד עסקאות' });
    await loadMore.focus();
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(
      () => document.querySelector('[data-testid="trades-title"]')?.textContent === 'עסקאות (57)',
    );
    expect(await title.textContent()).toBe('עסקאות (57)');
    expect(await loadMore.count()).toBe(0);
    expect(await tab.page.getByTestId('trades-shown').textContent()).toBe('מוצגות כל 57 העסקאות');
    expect(await tab.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'trades-shown',
    );

    const ids = await tab.page
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-trade-id') ?? ''));
    expect(ids).toHaveLength(57);
    expect(new Set(ids).size).toBe(57);
    for (const id of logged) expect(ids).toContain(id);
    const trades = pages.filter((url) => new URL(url).searchParams.get('limit') === '50');
    expect(trades).toHaveLength(2);
    expect(new URL(trades[1] as string).searchParams.get('cursor')).toBeTruthy();
    await screenshot(tab.page, 'journal-trades-all-pages');
  });

  // The suite's own student (the installation allows 20 sign-ups an address in 15 minutes, and the e2e specs
  // use most of them): ETHUSDT is the only trade of its kind here.
  it('stores a trade whose answer was lost once: trying again in the same dialog answers the stored trade', async () => {
    await tab.page.goto('/trades');
    await tab.page.getByTestId('trades-title').waitFor();
    // The first save reaches the server and is stored; the browser is then told the connection failed.
    const keys: (string | null)[] = [];
    let answersLost = 0;
    await tab.page.route('**/api/trades', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? null);
      if (answersLost > 0) return route.fallback();
      answersLost += 1;
      const stored = await route.fetch();
      expect(stored.status()).toBe(201);
      return route.abort('connectionreset');
    });

    await tab.page.getByRole('button', { name: 'עסקה חדשה' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'עסקה חדשה' });
    await dialog.waitFor();
    const exit = DateTime.now().setZone(ZONE).minus({ minutes: 5 });
    await dialog.getByLabel('זמן כניסה').fill(exit.minus({ hours: 1 }).toFormat('dd.MM.yyyy HH:mm'));
    await dialog.getByLabel('זמן יציאה').fill(exit.toFormat('dd.MM.yyyy HH:mm'));
    await dialog.getByLabel('סימול').fill('ethusdt');
    await dialog.getByLabel('מחיר כניסה').fill('3000');
    await dialog.getByLabel('מחיר יציאה').fill('3100');
    await dialog.getByLabel('סטופ לוס', { exact: false }).fill('2950');
    await dialog.getByLabel('כמות מטבעות').fill('1');
    await dialog.locator('[data-result="r-multiple"]').waitFor();
    await dialog.getByRole('button', { name: 'שמור עסקה' }).click();
    // No answer came: the toast says so in Hebrew, not the browser's 'Failed to fetch'.
    expect(await toastText(tab.page, 'שגיאה בשמירת העסקה')).toContain('לא התקבלה תשובה מהשרת');
    // The dialog stays open with what was typed; the student presses save again.
    await dialog.getByRole('button', { name: 'שמור עסקה' }).click();
    await toastText(tab.page, 'העסקה נשמרה בהצלחה');
    await dialog.waitFor({ state: 'detached' });
    await tab.page.unroute('**/api/trades');

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // The list, read again after the save, shows it once.
    await tab.page.locator('tr', { hasText: 'ETHUSDT' }).first().waitFor();
    expect(await tab.page.locator('tr', { hasText: 'ETHUSDT' }).count()).toBe(1);
    const listed = (await (await tab.page.request.get('/api/trades')).json()) as { symbol: string }[];
    expect(listed.filter((trade) => trade.symbol === 'ETHUSDT')).toHaveLength(1);
    await screenshot(tab.page, 'journal-saved-once-after-a-lost-answer');
  });
});
