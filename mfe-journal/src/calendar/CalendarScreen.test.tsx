import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRERENDERED_PATH_ATTRIBUTE, PRERENDERED_SCREEN_ID } from '@yoman/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarScreen } from './CalendarScreen';
import { fakeApi, renderInApp } from './test-app';

const sessions = {
  asia: { netR: '0', trades: 0 },
  london: { netR: '0', trades: 0 },
  newYork: { netR: '0', trades: 0 },
};
const aggregate = (
  date: string,
  netR: string,
  netPnlIls: string,
  total: number,
  wins: number,
  extra = {},
) => ({
  date,
  netR,
  netPnlIls,
  totalTrades: total,
  winningTrades: wins,
  rTrades: total,
  allHaveScreenshots: false,
  hasLowTrust: false,
  sessionBreakdown: sessions,
  ...extra,
});

const trade = (id: string, exitTime: string, r: string, ils: string, session = 'london') => ({
  id,
  symbol: 'EURUSD',
  assetType: 'forex',
  direction: 'long',
  session,
  setup: 'breakout',
  setupId: null,
  entryPrice: '1.08',
  exitPrice: '1.09',
  stopPrice: '1.07',
  targetPrice: null,
  positionSize: '1',
  fees: '0',
  pnlUsd: ils,
  pnlIls: ils,
  rMultiple: r,
  entryTime: exitTime,
  exitTime,
  notes: null,
  hasScreenshot: true,
  screenshotUrl: null,
  isLocked: false,
  lockAt: exitTime,
  trustScore: 100,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CalendarScreen', () => {
  it("takes the place of the server's drawing of it as it mounts, while its month still loads", () => {
    const copy = document.createElement('div');
    copy.id = PRERENDERED_SCREEN_ID;
    copy.setAttribute(PRERENDERED_PATH_ATTRIBUTE, '/calendar');
    document.body.append(copy);
    fakeApi(() => undefined);
    renderInApp(<CalendarScreen />);
    expect(screen.getByRole('heading', { name: 'נובמבר 2026' })).toBeTruthy();
    expect(screen.getByTestId('month-grid-skeleton')).toBeTruthy();
    expect(document.getElementById(PRERENDERED_SCREEN_ID)).toBeNull();
  });

  it("while the month loads, holds both widths' shapes, one shown by the stylesheet: the grid's from 480 px, and below it the week strip's with a row for each of the week's days in the month", () => {
    // Monday 30 November: its week runs to Saturday 5 December, so two of its days are November's.
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
    fakeApi(() => undefined);
    renderInApp(<CalendarScreen />);
    const grid = screen.getByTestId('month-grid-skeleton');
    const strip = screen.getByTestId('week-strip-skeleton');
    expect(strip.getAttribute('aria-busy')).toBe('true');
    expect(within(strip).getAllByRole('listitem')).toHaveLength(2);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    const hiddenUnder = (element: HTMLElement, media: string) => {
      const own = (element.parentElement?.className ?? '').split(' ').at(-1) as string;
      return new RegExp(
        `@media ${media.replace(/[()]/gu, '\\$&')}\\{\\.${own}\\{display:none;\\}\\}`,
        'u',
      ).test(css);
    };
    expect(hiddenUnder(grid, '(max-width: 479.98px)')).toBe(true);
    expect(hiddenUnder(strip, '(min-width: 480px)')).toBe(true);
    expect(hiddenUnder(grid, '(min-width: 480px)')).toBe(false);
  });

  it('shows the month in Hebrew, the KPI tiles and each day with its result and dots', async () => {
    fakeApi(({ path, query }) => {
      if (path === '/api/daily-aggregates' && query.get('year') === '2026' && query.get('month') === '11') {
        return {
          status: 200,
          body: [
            aggregate('2026-11-03', '2.5', '1000', 2, 2, { allHaveScreenshots: true }),
            aggregate('2026-11-04', '-1', '-400.5', 1, 0, { hasLowTrust: true }),
          ],
        };
      }
      return undefined;
    });
    renderInApp(<CalendarScreen />);
    expect(screen.getByRole('heading', { name: 'נובמבר 2026' })).toBeTruthy();
    const day3 = await screen.findByRole('button', { name: /, 3 בנובמבר 2026, \+2\.50R/ });
    expect(day3.textContent).toContain('+2.50R');
    expect(day3.textContent).toContain('1,000.00');
    const cell3 = day3.parentElement!;
    expect(within(cell3).getByRole('img', { name: 'לכל העסקאות יש צילום מסך' })).toBeTruthy();
    const cell4 = screen.getByRole('button', { name: /, 4 בנובמבר 2026/ }).parentElement!;
    expect(within(cell4).getByRole('img', { name: 'אמון נמוך' })).toBeTruthy();
    expect(cell4.getAttribute('data-tone')).toBe('loss');
    // Today is marked for assistive technology and outlined.
    expect(
      screen.getByRole('button', { name: /^יום ראשון, 22 בנובמבר 2026/ }).getAttribute('aria-current'),
    ).toBe('date');

    const kpis = screen.getByTestId('month-kpis');
    expect(kpis.querySelector('[data-kpi="net-r"]')!.textContent).toBe('+1.5R');
    expect(kpis.querySelector('[data-kpi="trades"]')!.textContent).toBe('3');
    expect(kpis.querySelector('[data-kpi="win-rate"]')!.textContent).toBe('67%');
    expect(kpis.querySelector('[data-kpi="profit-ils"]')!.textContent).toContain('600');
    expect(kpis.querySelector('[data-kpi="winning-days"]')!.textContent).toBe('1 מתוך 2');
    expect(kpis.querySelector('[data-kpi="consistency"]')!.textContent).toBe('50%');
  });

  it('switches units: PERCENT shows net R × 2 and ILS the shekels', async () => {
    fakeApi(({ path }) =>
      path === '/api/daily-aggregates'
        ? { status: 200, body: [aggregate('2026-11-03', '1.25', '512', 1, 1)] }
        : undefined,
    );
    renderInApp(<CalendarScreen />);
    await screen.findByRole('button', { name: /3 בנובמבר 2026, \+1\.25R/ });
    fireEvent.click(screen.getByRole('button', { name: 'אחוזים' }));
    const cell = document.querySelector('[data-date="2026-11-03"]')!;
    expect(cell.querySelector('[data-testid="day-result"]')!.textContent).toBe('+2.5%');
    fireEvent.click(screen.getByRole('button', { name: 'שקלים' }));
    expect(cell.querySelector('[data-testid="day-result"]')!.textContent).toContain('512.00');
    expect(cell.querySelector('[data-testid="day-result"]')!.textContent).not.toContain('R');
  });

  it('filters by session by fetching the month of trades with that session and grouping them by day', async () => {
    const requests = fakeApi(({ path, query }) => {
      if (path === '/api/daily-aggregates') return { status: 200, body: [] };
      if (path === '/api/trades' && query.get('session') === 'london') {
        return {
          status: 200,
          body: [trade('6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11', '2026-11-10T09:00:00.000Z', '3', '900')],
        };
      }
      return undefined;
    });
    renderInApp(<CalendarScreen />);
    await screen.findByRole('button', { name: /10 בנובמבר 2026, ללא עסקאות/ });
    fireEvent.change(screen.getByLabelText('סשן'), { target: { value: 'london' } });
    await screen.findByRole('button', { name: /10 בנובמבר 2026, \+3\.00R/ });
    const tradesCall = requests.find((r) => r.path === '/api/trades')!;
    expect(tradesCall.query.get('startDate')).toBe('2026-10-31T22:00:00.000Z');
    expect(tradesCall.query.get('endDate')).toBe('2026-11-30T21:59:59.999Z');
    expect(tradesCall.query.has('asset')).toBe(false);
  });

  it('moves between months and back to today', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/daily-aggregates' ? { status: 200, body: [] } : undefined,
    );
    renderInApp(<CalendarScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'החודש הבא' }));
    expect(screen.getByRole('heading', { name: 'דצמבר 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'החודש הקודם' }));
    fireEvent.click(screen.getByRole('button', { name: 'החודש הקודם' }));
    expect(screen.getByRole('heading', { name: 'אוקטובר 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'היום' }));
    expect(screen.getByRole('heading', { name: 'נובמבר 2026' })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.query.get('month') === '12')).toBe(true));
  });

  it('shows an error panel with retry when the month cannot be loaded', async () => {
    let fail = true;
    fakeApi(({ path }) => {
      if (path !== '/api/daily-aggregates') return undefined;
      return fail ? { status: 500, body: { message: 'תקלה', code: 'INTERNAL' } } : { status: 200, body: [] };
    });
    renderInApp(<CalendarScreen />);
    expect(await screen.findByText('לא ניתן לטעון את נתוני החודש')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    await screen.findByTestId('month-grid');
  });

  it('opens the day drawer with the day figures, sessions, trades and insights', async () => {
    fakeApi(({ path, query }) => {
      if (path === '/api/daily-aggregates')
        return { status: 200, body: [aggregate('2026-11-10', '2', '700', 2, 1)] };
      if (path === '/api/daily-aggregates/2026-11-10') return undefined;
      if (path === '/api/trades' && query.get('startDate') === '2026-11-09T22:00:00.000Z') {
        return {
          status: 200,
          body: [
            trade('6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11', '2026-11-10T09:00:00.000Z', '3', '1000', 'london'),
            trade(
              '7f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11',
              '2026-11-10T15:00:00.000Z',
              '-1',
              '-300',
              'new_york',
            ),
          ],
        };
      }
      return undefined;
    });
    renderInApp(<CalendarScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /10 בנובמבר 2026, \+2\.00R/ }));
    const drawer = await screen.findByRole('dialog', { name: 'יום שלישי, 10 בנובמבר 2026' });
    await within(drawer).findByTestId('day-figures');
    expect(drawer.querySelector('[data-figure="net-r"]')!.textContent).toBe('+2.00R');
    expect(drawer.querySelector('[data-figure="win-rate"]')!.textContent).toBe('50%');
    expect(drawer.querySelector('[data-figure="average-r"]')!.textContent).toBe('+1.00R');
    expect(drawer.querySelector('[data-session="london"]')!.textContent).toContain('+3.00R');
    expect(drawer.querySelectorAll('[data-trade-id]')).toHaveLength(2);
    expect(within(drawer).getByTestId('day-insights').textContent).toContain('הסשן החזק ביותר: לונדון');
    expect(within(drawer).getByRole('button', { name: 'ייצוא היום' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'אנליטיקה' }).getAttribute('href')).toBe('/analytics');
    expect(within(drawer).getByRole('button', { name: 'הוסף עסקה ליום זה' })).toBeTruthy();
  });

  it('becomes a week strip and a day list below 480 px, starting at the week of today', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 479'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    fakeApi(({ path }) =>
      path === '/api/daily-aggregates'
        ? { status: 200, body: [aggregate('2026-11-24', '-0.5', '-120', 1, 0)] }
        : undefined,
    );
    renderInApp(<CalendarScreen />);
    const strip = await screen.findByTestId('week-strip');
    expect(screen.queryByTestId('month-grid')).toBeNull();
    const list = within(strip).getByRole('list', { name: 'ימי השבוע' });
    // Sunday 22 to Saturday 28 November.
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(list.textContent).toContain('−0.50R');
    // On the day's tint the shekels take the text colour, which keeps AA contrast on every tint (not the muted grey).
    const shekels = list.querySelector('[data-figure="day-ils"]') as HTMLElement;
    expect(shekels.textContent).toContain('₪');
    expect(getComputedStyle(shekels).color).toBe(
      getComputedStyle(shekels.parentElement as HTMLElement).color,
    );
    expect(getComputedStyle(shekels).color).not.toBe('rgb(152, 162, 179)');
    fireEvent.click(within(strip).getByRole('button', { name: 'השבוע הבא' }));
    expect(within(strip).getAllByRole('listitem')).toHaveLength(2);
    expect(within(strip).getByRole('button', { name: 'השבוע הבא' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves focus between days with the arrow keys, left being the next day in Hebrew', async () => {
    fakeApi(({ path }) => (path === '/api/daily-aggregates' ? { status: 200, body: [] } : undefined));
    renderInApp(<CalendarScreen />);
    const tenth = await screen.findByRole('button', { name: /^יום שלישי, 10 בנובמבר 2026/ });
    tenth.focus();
    fireEvent.keyDown(tenth, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^יום רביעי, 11 בנובמבר 2026/);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^יום רביעי, 18 בנובמבר 2026/);
  });
});
