import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRERENDERED_SCREEN_ID } from '@yoman/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInApp, resetScreenAfterEachTest, savedTradeOf } from '../calendar/test-app';
import { DashboardScreen } from './DashboardScreen';
import { DASHBOARD_STATS_FIXTURE } from './dashboard-stats.fixture';

const stats = DASHBOARD_STATS_FIXTURE;

const noTrades = {
  ...stats,
  winRate: 0,
  netR: 0,
  avgRPerTrade: 0,
  currentStreak: 0,
  maxStreak: 0,
  monthlyDrawdown: 0,
  totalTrades: 0,
  monthlyProgress: 0,
  bestSetup: { setup: 'breakout', name: 'פריצה', isLibrary: false },
  fallbacks: ['bestSetup', 'strongestSession', 'dominantAsset'],
};

const kpi = (name: string) => screen.getByTestId('dashboard-kpis').querySelector(`[data-kpi="${name}"]`)!;
const SLOW = { timeout: 5000 };

resetScreenAfterEachTest();
afterEach(() => document.getElementById(PRERENDERED_SCREEN_ID)?.remove());

/** The copy a page load's drawing puts over the page (services/gateway/src/signed-in-pictures.ts). */
function drawnCopy() {
  const copy = document.createElement('div');
  copy.id = PRERENDERED_SCREEN_ID;
  document.body.append(copy);
}
const copyShown = () => document.getElementById(PRERENDERED_SCREEN_ID) !== null;

describe('the dashboard', () => {
  it('shows a skeleton of the seven cards while the figures load', () => {
    fakeApi(() => undefined);
    renderInApp(<DashboardScreen />);
    expect(screen.getByLabelText('מדדי החודש').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the seven KPI cards with signed, isolated figures', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: stats } : undefined));
    renderInApp(<DashboardScreen />);
    await screen.findByTestId('dashboard-kpis');
    expect(kpi('win-rate').textContent).toBe('62.5%');
    expect(kpi('net-r').textContent).toBe('+4.25R');
    expect(kpi('avg-r').textContent).toBe('+0.53R');
    expect(kpi('streak').textContent).toBe('−2');
    expect(kpi('drawdown').textContent).toBe('−1.50R');
    expect(kpi('trades').textContent).toBe('8');
    expect(kpi('progress').textContent).toBe('42.5%');
    expect(kpi('net-r').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/רצף מקסימלי/).textContent).toContain('4');
    expect(
      screen.getByRole('progressbar', { name: 'התקדמות ליעד החודשי' }).getAttribute('aria-valuenow'),
    ).toBe('43');
  });

  it('gives the Top 3 insights, marking the spec fallbacks (London, EURUSD) the server used', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: stats } : undefined));
    renderInApp(<DashboardScreen />);
    const top3 = await screen.findByTestId('top3');
    expect(top3.querySelector('[data-insight="best-setup"]')!.textContent).toBe('פולבק');
    expect(top3.querySelector('[data-insight="strongest-session"]')!.textContent).toBe('לונדון');
    expect(top3.querySelector('[data-insight="dominant-asset"]')!.textContent).toBe('EURUSD');
    expect(within(top3).getAllByText('(ברירת מחדל)')).toHaveLength(2);
    expect(
      within(screen.getByTestId('weekly-tasks'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(stats.weeklyTasks);
    // A task's figure keeps its minus before its digits in the right-to-left sentence.
    expect(screen.getByTestId('weekly-tasks').querySelector('bdi[dir="ltr"]')!.textContent).toBe('-0.20');
  });

  it('says the goal is on track at 100 % or more, and the current progress below it', async () => {
    fakeApi(({ path }) =>
      path === '/api/dashboard-stats' ? { status: 200, body: { ...stats, monthlyProgress: 100 } } : undefined,
    );
    renderInApp(<DashboardScreen />);
    const ring = await screen.findByTestId('goal-ring');
    expect(ring.getAttribute('data-on-track')).toBe('true');
    expect(ring.textContent).toContain('במסלול ליעד');
    cleanup();

    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: stats } : undefined));
    renderInApp(<DashboardScreen />);
    const below = await screen.findByTestId('goal-ring');
    expect(below.getAttribute('data-on-track')).toBe('false');
    expect(below.textContent).toContain('התקדמות נוכחית');
  });

  it('wires the four shortcuts: new trade opens the add-trade dialog, the others link to their screens', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: stats } : undefined));
    renderInApp(<DashboardScreen />);
    const shortcuts = await screen.findByRole('navigation', { name: 'קיצורי דרך' });
    expect(within(shortcuts).getByRole('link', { name: 'עסקאות פתוחות' }).getAttribute('href')).toBe(
      '/trades',
    );
    expect(within(shortcuts).getByRole('link', { name: 'דוחות' }).getAttribute('href')).toBe('/analytics');
    expect(within(shortcuts).getByRole('link', { name: 'ליגות' }).getAttribute('href')).toBe('/leagues');
    fireEvent.click(within(shortcuts).getByRole('button', { name: 'עסקה חדשה' }));
    expect(await screen.findByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
  });

  it('offers the first trade when the month has none', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: noTrades } : undefined));
    renderInApp(<DashboardScreen />);
    expect(await screen.findByText('עוד אין עסקאות החודש')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-kpis')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'הוסף עסקה ראשונה' }));
    expect(await screen.findByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
  });

  it('moves the KPIs after a trade is saved from the dialog, without a reload', async () => {
    let saved = false;
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/dashboard-stats') {
        return { status: 200, body: saved ? { ...stats, totalTrades: 9, netR: 6.21 } : stats };
      }
      if (path === '/api/calculate-trade') {
        return {
          status: 200,
          body: {
            pnlUsd: '637.60',
            pnlIls: '2331.06',
            rMultiple: '1.96',
            usdToIlsRate: '3.656',
            rateDate: '2026-11-20',
          },
        };
      }
      if (method === 'POST' && path === '/api/trades') {
        saved = true;
        return {
          status: 201,
          body: savedTradeOf(body as Record<string, unknown>, { rMultiple: '1.96' }),
        };
      }
      return undefined;
    });
    renderInApp(<DashboardScreen />);
    await screen.findByTestId('dashboard-kpis');
    expect(kpi('trades').textContent).toBe('8');
    fireEvent.click(screen.getAllByRole('button', { name: 'עסקה חדשה' })[0]!);
    await screen.findByRole('dialog', { name: 'עסקה חדשה' });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('סימול', 'btcusdt');
    type('מחיר כניסה', '65000');
    type('מחיר יציאה', '66300');
    type('כמות מטבעות', '0.5');
    type('זמן כניסה', '201120261315');
    type('זמן יציאה', '201120261415');
    const save = screen.getByRole('button', { name: 'שמור עסקה' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false), SLOW);
    fireEvent.click(save);
    await waitFor(() => expect(kpi('trades').textContent).toBe('9'), SLOW);
    expect(kpi('net-r').textContent).toBe('+6.21R');
    expect(requests.filter((r) => r.path === '/api/dashboard-stats')).toHaveLength(2);
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/trades')!;
    expect(post.body).toMatchObject({
      entryTime: '2026-11-20T11:15:00.000Z',
      exitTime: '2026-11-20T12:15:00.000Z',
    });
  });

  it("keeps the page's drawing of its figures while its own load, and takes its place once they show", async () => {
    drawnCopy();
    fakeApi(({ path }) => (path === '/api/dashboard-stats' ? { status: 200, body: stats } : undefined));
    renderInApp(<DashboardScreen />);
    // Its skeleton would replace figures with grey blocks: the copy stays over it.
    expect(screen.getByLabelText('מדדי החודש').getAttribute('aria-busy')).toBe('true');
    expect(copyShown()).toBe(true);
    await screen.findByTestId('dashboard-kpis');
    expect(copyShown()).toBe(false);
  });

  it('takes the drawing away when its figures cannot be loaded, to say so', async () => {
    drawnCopy();
    fakeApi(({ path }) =>
      path === '/api/dashboard-stats' ? { status: 500, body: { message: 'שגיאת שרת' } } : undefined,
    );
    renderInApp(<DashboardScreen />);
    expect(await screen.findByText('לא ניתן לטעון את נתוני לוח הבקרה')).toBeTruthy();
    expect(copyShown()).toBe(false);
  });

  it('says in Hebrew when the figures cannot be loaded, and retries', async () => {
    let fail = true;
    fakeApi(({ path }) => {
      if (path !== '/api/dashboard-stats') return undefined;
      return fail ? { status: 500, body: { message: 'שגיאת שרת' } } : { status: 200, body: stats };
    });
    renderInApp(<DashboardScreen />);
    expect(await screen.findByText('לא ניתן לטעון את נתוני לוח הבקרה')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    await screen.findByTestId('dashboard-kpis');
  });
});
