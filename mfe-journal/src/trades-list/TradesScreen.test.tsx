import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInApp } from '../calendar/test-app';
import { TradesScreen } from './TradesScreen';

const trade = (id: string, symbol: string, extra: Record<string, unknown> = {}) => ({
  id,
  symbol,
  assetType: 'stocks',
  direction: 'long',
  session: 'new_york',
  setup: 'pullback',
  setupId: null,
  entryPrice: '100',
  exitPrice: '104',
  stopPrice: '98',
  targetPrice: null,
  positionSize: '10',
  fees: '1',
  pnlUsd: '39',
  pnlIls: '142.35',
  rMultiple: '1.95',
  entryTime: '2026-11-18T14:00:00.000Z',
  exitTime: '2026-11-18T15:30:00.000Z',
  notes: null,
  hasScreenshot: true,
  screenshotUrl: '/uploads/x.png',
  isLocked: false,
  lockAt: '2026-11-19T15:30:00.000Z',
  trustScore: 90,
  ...extra,
});

const OPEN = trade('6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11', 'AAPL');
const LOCKED = trade('7f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11', 'TSLA', {
  isLocked: true,
  trustScore: 45,
  hasScreenshot: false,
  pnlIls: '-80',
  rMultiple: '-0.5',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TradesScreen', () => {
  it('lists the trades with their count, trust warning, status icons, and no delete on a locked trade', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [OPEN, LOCKED] } : undefined));
    renderInApp(<TradesScreen />);
    expect(await screen.findByRole('heading', { name: 'עסקאות (2)' })).toBeTruthy();
    const [, openRow, lockedRow] = screen.getAllByRole('row');
    expect(within(openRow!).getByRole('button', { name: 'מחק עסקה AAPL' })).toBeTruthy();
    expect(within(openRow!).getByRole('button', { name: 'ערוך עסקה AAPL' })).toBeTruthy();
    expect(within(openRow!).getByRole('img', { name: 'צילום מסך מצורף' })).toBeTruthy();
    expect(within(openRow!).queryByRole('img', { name: 'אמון נמוך' })).toBeNull();
    expect(within(lockedRow!).queryByRole('button', { name: 'מחק עסקה TSLA' })).toBeNull();
    expect(within(lockedRow!).getByRole('img', { name: 'נעולה' })).toBeTruthy();
    expect(within(lockedRow!).getByRole('img', { name: 'אמון נמוך' })).toBeTruthy();
    expect(lockedRow!.textContent).toContain('−0.50R');
  });

  it('sends only the chosen filters as GET /api/trades query parameters and clears them all', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/trades' ? { status: 200, body: [OPEN] } : undefined,
    );
    renderInApp(<TradesScreen />);
    await screen.findByRole('heading', { name: 'עסקאות (1)' });
    expect([...requests[0]!.query.keys()]).toEqual([]);
    fireEvent.change(screen.getByLabelText('סשן'), { target: { value: 'london' } });
    fireEvent.change(screen.getByLabelText('רמת אמון'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('חיפוש'), { target: { value: ' aapl ' } });
    await waitFor(() => {
      const last = requests.at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({ session: 'london', trust: 'low', search: 'aapl' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'נקה הכל' }));
    expect((screen.getByLabelText('סשן') as HTMLSelectElement).value).toBe('all');
  });

  it('shows the empty state with a first-trade button that opens the dialog', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [] } : undefined));
    renderInApp(<TradesScreen />);
    expect(await screen.findByText('אין עסקאות עדיין')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'הוסף עסקה ראשונה' }));
    expect(await screen.findByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
  });

  it('opens the add-trade dialog from ?add=true', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [] } : undefined));
    renderInApp(<TradesScreen />, { route: '/trades?add=true' });
    expect(await screen.findByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
  });

  it('edits a trade in the same dialog, filled from the trade', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [OPEN] } : undefined));
    renderInApp(<TradesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'ערוך עסקה AAPL' }));
    const dialog = await screen.findByRole('dialog', { name: 'עריכת עסקה' });
    expect((within(dialog).getByLabelText('סימול', { exact: false }) as HTMLInputElement).value).toBe('AAPL');
    expect((within(dialog).getByLabelText('מספר מניות') as HTMLInputElement).value).toBe('10');
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let deleted = false;
    const requests = fakeApi(({ method, path }) => {
      if (method === 'DELETE' && path === `/api/trades/${OPEN.id}`) {
        deleted = true;
        return { status: 200, body: { id: OPEN.id, deleted: true } };
      }
      if (path === '/api/trades') return { status: 200, body: deleted ? [] : [OPEN] };
      return undefined;
    });
    renderInApp(<TradesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'מחק עסקה AAPL' }));
    const confirm = await screen.findByRole('dialog', { name: 'למחוק את העסקה?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'מחק' }));
    expect(await screen.findByText('אין עסקאות עדיין')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('exports the listed trades as a CSV file', async () => {
    fakeApi(({ path }) => (path === '/api/trades' ? { status: 200, body: [OPEN, LOCKED] } : undefined));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:trades';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInApp(<TradesScreen />);
    await screen.findByRole('heading', { name: 'עסקאות (2)' });
    fireEvent.click(screen.getByRole('button', { name: 'ייצוא CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('2026-11-18 17:30,AAPL,מניות,לונג,ניו יורק,פולבק,100,104,10,1.95,142.35,90,כן,לא');
    expect(lines[2]).toContain(',TSLA,');
    expect(lines[2]!.endsWith(',45,לא,כן')).toBe(true);
  });
});
