import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInApp, resetScreenAfterEachTest } from '../calendar/test-app';
import { AnalyticsScreen } from './AnalyticsScreen';
import { analyticsFixture } from './analytics-fixture';
import { periodOf } from './PeriodPicker';

const SLOW = { timeout: 5000 };
const kpi = (name: string) => screen.getByTestId('analytics-kpis').querySelector(`[data-kpi="${name}"]`)!;
const openTab = (name: string) => {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab);
  fireEvent.keyDown(tab, { key: 'Enter' });
  fireEvent.click(tab);
};

resetScreenAfterEachTest();

describe('the analytics period', () => {
  it('is all time when empty, a range of ISO days when whole, and invalid when partial or reversed', () => {
    expect(periodOf('', '')).toEqual({ from: undefined, to: undefined });
    expect(periodOf('01.10.2026', '31.10.2026')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodOf('01.10.20', '')).toBe('invalid');
    expect(periodOf('31.10.2026', '01.10.2026')).toBe('invalid');
    expect(periodOf('30.02.2026', '')).toBe('invalid');
  });
});

describe('the analytics screen', () => {
  it('shows the six KPIs and a real chart for each former placeholder, each with a table alternative', async () => {
    fakeApi(({ path }) => (path === '/api/analytics' ? { status: 200, body: analyticsFixture } : undefined));
    renderInApp(<AnalyticsScreen />);
    await screen.findByTestId('analytics-kpis', {}, SLOW);
    expect(kpi('win-rate').textContent).toBe('58.3%');
    expect(kpi('expectancy').textContent).toBe('+0.42R');
    expect(kpi('hold-time').textContent).toBe('1:35');
    expect(kpi('trades').textContent).toBe('12');
    expect(kpi('max-win-streak').textContent).toBe('4');
    expect(kpi('max-loss-streak').textContent).toBe('2');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'התפלגות R',
      'פילוח',
      'זמנים',
      'השוואה',
      'תובנות',
    ]);

    const cumulative = document.querySelector('[data-chart="cumulative-r"]')!;
    expect(cumulative.querySelector('[data-series="cumulative-r"]')).not.toBeNull();
    expect(
      within(cumulative as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toContain('+5.04R');
    expect(within(cumulative as HTMLElement).getAllByRole('row')).toHaveLength(4);
    const histogram = document.querySelector('[data-chart="r-histogram"]')!;
    expect(histogram.querySelectorAll('[data-bucket]')).toHaveLength(7);
    expect(within(screen.getByTestId('r-ranges')).getAllByRole('row')).toHaveLength(8);
    // Each R value of a range is its own left-to-right run, so '-2R עד -1R' cannot show as '2R- עד -1R'.
    const [, , twoToOne] = within(screen.getByTestId('r-ranges')).getAllByRole('row');
    const rangeCell = twoToOne!.querySelector('td')!;
    expect(rangeCell.textContent).toBe('-2R עד -1R');
    expect([...rangeCell.querySelectorAll('bdi[dir="ltr"]')].map((run) => run.textContent)).toEqual([
      '-2R',
      '-1R',
    ]);

    openTab('זמנים');
    const heatmap = await waitFor(() => {
      const found = document.querySelector('[data-chart="heatmap"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(heatmap.querySelectorAll('rect[data-cell]')).toHaveLength(2);
    expect(
      within(heatmap as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toContain('שלישי 10:00');
    expect(screen.getByTestId('gold-time').textContent).toBe('10:00-12:00');

    openTab('השוואה');
    const comparison = await waitFor(() => {
      const found = document.querySelector('[data-chart="comparison"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(comparison.textContent).toContain('אני מול ממוצע הארגון');
    expect(comparison.querySelectorAll('[data-series="me"]')).toHaveLength(3);
    expect(comparison.querySelectorAll('[data-series="peers"]')).toHaveLength(3);
    // Each bar's figure is isolated left to right inside its Hebrew label ('אני +0.42R', never 'R0.42+ אני').
    const labels = [...comparison.querySelectorAll('svg text')].map((text) => text.textContent ?? '');
    expect(labels).toContain('אני \u2066+0.42R\u2069');
    expect(within(comparison as HTMLElement).getByRole('table')).toBeTruthy();
  });

  it('says so when there is no one to compare with', async () => {
    const alone = {
      ...analyticsFixture,
      comparison: { ...analyticsFixture.comparison, scope: 'none', peers: null, peerCount: 0 },
    };
    fakeApi(({ path }) => (path === '/api/analytics' ? { status: 200, body: alone } : undefined));
    renderInApp(<AnalyticsScreen />);
    await screen.findByTestId('analytics-kpis', {}, SLOW);
    openTab('השוואה');
    expect(await screen.findByText('אין עדיין נתוני השוואה: הצטרף לליגה או לארגון כדי להשוות.')).toBeTruthy();
  });

  it('asks the API for the chosen period once both days are whole', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/analytics' ? { status: 200, body: analyticsFixture } : undefined,
    );
    renderInApp(<AnalyticsScreen />);
    await screen.findByTestId('analytics-kpis', {}, SLOW);
    fireEvent.change(screen.getByLabelText('מתאריך'), { target: { value: '01102026' } });
    fireEvent.change(screen.getByLabelText('עד תאריך'), { target: { value: '3110' } });
    fireEvent.change(screen.getByLabelText('עד תאריך'), { target: { value: '31102026' } });
    await waitFor(() => {
      const last = requests.filter((r) => r.path === '/api/analytics').at(-1)!;
      expect(last.query.get('from')).toBe('2026-10-01');
      expect(last.query.get('to')).toBe('2026-10-31');
    }, SLOW);
    expect((screen.getByLabelText('מתאריך') as HTMLInputElement).value).toBe('01.10.2026');
  });

  it('shows a skeleton while loading, an empty state without trades, and a Hebrew error', async () => {
    fakeApi(() => undefined);
    renderInApp(<AnalyticsScreen />);
    expect(screen.getByLabelText('ניתוחים', { selector: 'section' }).getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('לא ניתן לטעון את הניתוחים', {}, SLOW)).toBeTruthy();
    cleanup();

    const empty = { ...analyticsFixture, coreMetrics: { ...analyticsFixture.coreMetrics, totalTrades: 0 } };
    fakeApi(({ path }) => (path === '/api/analytics' ? { status: 200, body: empty } : undefined));
    renderInApp(<AnalyticsScreen />);
    expect(await screen.findByText('אין עדיין עסקאות לניתוח', {}, SLOW)).toBeTruthy();
  });
});
