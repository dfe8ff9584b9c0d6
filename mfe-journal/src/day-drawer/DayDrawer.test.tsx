import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInApp } from '../calendar/test-app';
import { DayDrawer } from './DayDrawer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const trade = {
  id: '6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11',
  symbol: 'NQZ6',
  assetType: 'futures',
  direction: 'short',
  session: 'new_york',
  setup: 'news',
  setupId: null,
  entryPrice: '21000',
  exitPrice: '20950',
  stopPrice: '21025',
  targetPrice: null,
  positionSize: '1',
  fees: '4.5',
  pnlUsd: '995.5',
  pnlIls: '3640.12',
  rMultiple: '1.991',
  entryTime: '2026-11-10T14:00:00.000Z',
  exitTime: '2026-11-10T14:40:00.000Z',
  notes: null,
  hasScreenshot: false,
  screenshotUrl: null,
  isLocked: false,
  lockAt: '2026-11-11T14:40:00.000Z',
  trustScore: 55,
};

describe('DayDrawer', () => {
  it('offers to add the first trade on a day without trades', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [] } : undefined));
    const onAddTrade = vi.fn();
    renderInApp(
      <DayDrawer date="2026-11-10" zone="Asia/Jerusalem" onClose={() => {}} onAddTrade={onAddTrade} />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'יום שלישי, 10 בנובמבר 2026' });
    expect(await within(drawer).findByText('אין עסקאות ביום זה')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'הוסף עסקה ראשונה' }));
    expect(onAddTrade).toHaveBeenCalledWith('2026-11-10');
  });

  it('shows the Low Trust badge, the missing screenshot insight, and exports the day as CSV', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [trade] } : undefined));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:day';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderInApp(
      <DayDrawer date="2026-11-10" zone="Asia/Jerusalem" onClose={() => {}} onAddTrade={() => {}} />,
    );
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByTestId('day-figures');
    expect(within(drawer).getByText('Low Trust')).toBeTruthy();
    expect(within(drawer).queryByText('צילומי מסך תקינים')).toBeNull();
    expect(within(drawer).getByTestId('day-insights').textContent).toContain('עסקה אחת ללא צילום מסך');
    fireEvent.click(within(drawer).getByRole('button', { name: 'ייצוא היום' }));
    expect(clicked).toEqual(['yoman-2026-11-10.csv']);
    const rows = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[1]).toBe(
      '2026-11-10 16:40,NQZ6,חוזים עתידיים,שורט,ניו יורק,חדשות,21000,20950,1,1.991,3640.12,55,לא,לא',
    );
  });
});
