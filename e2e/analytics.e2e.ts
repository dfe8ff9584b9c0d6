import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../mfe-journal/src/analytics/report/testing/pdf-text';
import { seriousViolations } from './axe';
import { loginThroughScreen, newContext, newTestUser, screenshot, tabForSpecs, toastText } from './browser';

// Issue 12's screens end to end, in Hebrew right to left: the dashboard's shortcut opens the add-trade
// dialog and a saved trade moves its KPIs without a reload; a setup is created, used on a trade, archived
// and restored with its figures following; analytics renders its charts; the PDF report downloads.

const ZONE = 'Asia/Jerusalem';
const downloads = mkdtempSync(join(tmpdir(), 'yoman-e2e-pdf-'));

/** The digits a user types into a dd.MM.yyyy HH:mm field for `moment`. */
const typedDigits = (moment: DateTime) => moment.toFormat('ddMMyyyyHHmm');

/** Fills the add-trade dialog with a winning BTCUSDT trade that exited a few minutes ago. */
async function fillWinningTrade(dialog: Locator, page: Page, minutesAgo: number) {
  const exit = DateTime.now().setZone(ZONE).minus({ minutes: minutesAgo }).startOf('minute');
  await dialog.getByLabel('סימול').fill('btcusdt');
  await dialog.getByLabel('מחיר כניסה').fill('65000');
  await dialog.getByLabel('מחיר יציאה').fill('66300');
  await dialog.getByLabel('סטופ לוס', { exact: false }).fill('64350');
  await dialog.getByLabel('כמות מטבעות').fill('0.5');
  await dialog.getByLabel('זמן כניסה').click();
  await page.keyboard.type(typedDigits(exit.minus({ hours: 1 })));
  await dialog.getByLabel('זמן יציאה').click();
  await page.keyboard.type(typedDigits(exit));
  expect(await dialog.getByLabel('זמן יציאה').inputValue()).toBe(exit.toFormat('dd.MM.yyyy HH:mm'));
  await dialog.locator('[data-result="r-multiple"]').waitFor();
}

describe('dashboard, setups, analytics and the PDF report', () => {
  const user = newTestUser('מאיה רוזן');
  const tab = tabForSpecs({ user });

  afterAll(() => {
    rmSync(downloads, { recursive: true, force: true });
  });

  it('opens the add-trade dialog from a dashboard shortcut and moves the KPIs without a reload', async () => {
    expect(await tab.page.locator('html').getAttribute('dir')).toBe('rtl');
    await tab.page.getByText('עוד אין עסקאות החודש').waitFor();
    await tab.page.evaluate(() => {
      (window as unknown as { __dashboardLoads: number }).__dashboardLoads = 1;
    });
    const shortcuts = tab.page.getByRole('navigation', { name: 'קיצורי דרך' });
    expect(await shortcuts.getByRole('link', { name: 'דוחות' }).getAttribute('href')).toBe('/analytics');
    await shortcuts.getByRole('button', { name: 'עסקה חדשה' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'עסקה חדשה' });
    await dialog.waitFor();
    await fillWinningTrade(dialog, tab.page, 10);
    await dialog.getByRole('button', { name: 'שמור עסקה' }).click();
    expect(await toastText(tab.page, 'העסקה נשמרה בהצלחה')).toContain('העסקה התווספה ליומן המסחר');

    const kpis = tab.page.getByTestId('dashboard-kpis');
    await kpis.waitFor();
    expect(await kpis.locator('[data-kpi="trades"]').textContent()).toBe('1');
    expect(await kpis.locator('[data-kpi="net-r"]').textContent()).toBe('+2.00R');
    expect(await kpis.locator('[data-kpi="win-rate"]').textContent()).toBe('100.0%');
    expect(
      await tab.page.evaluate(() => (window as unknown as { __dashboardLoads?: number }).__dashboardLoads),
    ).toBe(1);
    await screenshot(tab.page, 'dashboard-with-trade');
  });

  it('creates a setup, uses it on a trade, archives and restores it, and its figures follow', async () => {
    await tab.page.getByTestId('sidebar').getByRole('link', { name: 'סטאפים' }).click();
    await tab.page.getByText('עוד אין סטאפים').waitFor();
    await tab.page.getByRole('button', { name: 'סטאפ חדש' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'סטאפ חדש' });
    await dialog.getByLabel('שם').fill('פריצת לונדון');
    await dialog.getByLabel('הקשר SMC').fill('סוויפ של טווח אסיה');
    await dialog.getByLabel('תיאור').fill('פריצה של טווח אסיה בפתיחת לונדון');
    await dialog.getByLabel('כללי כניסה').fill('סגירה מעל הטווח');
    await dialog.getByLabel('כללי יציאה').fill('יעד 2R');
    await dialog.getByLabel('רשימת בדיקה', { exact: false }).fill('טווח ברור\n\nנפח עולה');
    await dialog.getByRole('button', { name: 'שמור סטאפ' }).click();
    await toastText(tab.page, 'הסטאפ נוצר בהצלחה');

    const card = tab.page.getByRole('article', { name: 'פריצת לונדון' });
    await card.getByText('נדרשות עוד 30 עסקאות').waitFor();
    await card.getByRole('button', { name: 'עסקה חדשה' }).click();
    const trade = tab.page.getByRole('dialog', { name: 'עסקה חדשה' });
    await trade.waitFor();
    expect(await trade.getByLabel('סטאפ מהספרייה').locator('option:checked').textContent()).toBe(
      'פריצת לונדון',
    );
    await fillWinningTrade(trade, tab.page, 5);
    await trade.getByRole('button', { name: 'שמור עסקה' }).click();
    await toastText(tab.page, 'העסקה נשמרה בהצלחה');
    await card.getByText('נדרשות עוד 29 עסקאות').waitFor();
    expect(await card.locator('[data-figure="sample"]').textContent()).toBe('1');
    expect(await card.locator('[data-figure="win-rate"]').textContent()).toBe('100.0%');
    await screenshot(tab.page, 'setups-with-trade');

    await card.getByRole('button', { name: 'העבר לארכיון' }).click();
    await toastText(tab.page, 'הסטאפ הועבר לארכיון');
    const archived = tab.page.getByTestId('archived-setups').getByRole('article', { name: 'פריצת לונדון' });
    await archived.getByRole('button', { name: 'שחזר' }).click();
    await toastText(tab.page, 'הסטאפ שוחזר מהארכיון');
    const restored = tab.page.getByTestId('active-setups').getByRole('article', { name: 'פריצת לונדון' });
    await restored.waitFor();
    expect(await restored.locator('[data-figure="sample"]').textContent()).toBe('1');
  });

  it('renders the analytics charts in every tab, loaded only with the screen', async () => {
    await tab.page.goto('/calendar');
    await tab.page.getByTestId('month-grid').waitFor();
    const scripts: string[] = [];
    tab.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const lazySizes: Promise<number>[] = [];
    tab.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        lazySizes.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
      }
    });
    await tab.page.getByTestId('sidebar').getByRole('link', { name: 'ניתוחים' }).click();
    await tab.page.getByTestId('analytics-kpis').waitFor();
    expect(await tab.page.getByTestId('analytics-kpis').locator('[data-kpi="trades"]').textContent()).toBe(
      '2',
    );
    const cumulative = tab.page.locator('[data-chart="cumulative-r"]');
    await cumulative.locator('[data-series="cumulative-r"]').waitFor({ state: 'attached' });
    expect(await tab.page.locator('[data-chart="r-histogram"] [data-bucket]').count()).toBe(7);
    expect(await cumulative.getByRole('img').getAttribute('aria-label')).toContain('+4.00R');
    const gzippedKb = (await Promise.all(lazySizes)).reduce((sum, size) => sum + size, 0) / 1024;
    console.log(
      `analytics screen: ${scripts.length} lazily loaded scripts, ${gzippedKb.toFixed(1)} KB gzipped`,
    );
    expect(gzippedKb).toBeLessThan(120);
    await screenshot(tab.page, 'analytics-distribution');

    await tab.page.getByRole('tab', { name: 'זמנים' }).click();
    expect(await tab.page.locator('[data-chart="heatmap"] rect[data-cell]').count()).toBeGreaterThan(0);
    await tab.page.getByRole('tab', { name: 'השוואה' }).click();
    await tab.page.locator('[data-chart="comparison"]').waitFor();
    await screenshot(tab.page, 'analytics-comparison');
    await tab.page.getByRole('tab', { name: 'פילוח' }).click();
    expect(await tab.page.getByTestId('by-setup').textContent()).toContain('פריצת לונדון');
  });

  it('keeps the charts out of the calendar and the sign-in page', async () => {
    const fresh = await tab.context.newPage();
    const scripts: string[] = [];
    fresh.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await fresh.goto('/calendar');
    await fresh.getByTestId('month-grid').waitFor();
    expect(scripts.filter((url) => /journal-analytics|visx|react-pdf/.test(url))).toEqual([]);
    await fresh.close();
  });

  it('downloads a Hebrew PDF report of the period with the API figures', async () => {
    await tab.page.getByLabel('מתאריך').click();
    const from = DateTime.now().setZone(ZONE).minus({ days: 1 });
    await tab.page.keyboard.type(from.toFormat('ddMMyyyy'));
    const [download] = await Promise.all([
      tab.page.waitForEvent('download'),
      tab.page.getByRole('button', { name: 'דוח PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^yoman-analytics-\d{4}-\d{2}-\d{2}-today\.pdf$/);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const text = await pdfText(new Uint8Array(readFileSync(file)));
    const headings = ['דוח ניתוחים', 'מדדים מרכזיים', 'התפלגות התוצאות', 'פילוח', 'זמנים'];
    const positions = headings.map((heading) => text.indexOf(heading));
    expect(positions).not.toContain(-1);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(text).toContain('100.0%');
    expect(text).toContain('+2.00R');
    expect(text).toContain('+4.00R');
    expect(text).toContain('BTCUSDT');
    expect(text).toContain('פריצת לונדון');
  });

  // The screens' own content (<main>); the layout around them is accessibility.e2e.ts's.
  it('has no serious accessibility violation on the dashboard, the setups and every analytics tab', async () => {
    const checked = await newContext(tab.running, { bypassCsp: true });
    const axePage = await checked.newPage();
    await loginThroughScreen(axePage, user.email, user.password);
    await axePage.getByTestId('dashboard-kpis').waitFor();
    expect(await seriousViolations(axePage, 'main')).toEqual([]);
    await axePage.goto('/setups');
    await axePage.getByTestId('active-setups').getByRole('article').first().waitFor();
    expect(await seriousViolations(axePage, 'main')).toEqual([]);
    await axePage.goto('/analytics');
    await axePage.getByTestId('analytics-kpis').waitFor();
    for (const tab of ['התפלגות R', 'פילוח', 'זמנים', 'השוואה', 'תובנות']) {
      await axePage.getByRole('tab', { name: tab }).click();
      expect(await seriousViolations(axePage, 'main'), tab).toEqual([]);
    }
    await checked.close();
  });
});
