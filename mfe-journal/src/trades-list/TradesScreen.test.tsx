import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInApp } from '../calendar/test-app';
import { he } from '../i18n';
import { TradesScreen } from './TradesScreen';

const trade = (id: string, symbol: string, extra: Record<string, unknown> = {}) => ({
  id,
  symbol,
  assetType: 'stocks',
  direction: 'long',
  session: 'new_york',
  setup: 'pullback',
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
    const trades = requests.filter((request) => request.path === '/api/trades');
    expect(Object.fromEntries(trades[0]!.query)).toEqual({ limit: '50' });
    fireEvent.change(screen.getByLabelText('סשן'), { target: { value: 'london' } });
    fireEvent.change(screen.getByLabelText('רמת אמון'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('חיפוש'), { target: { value: ' aapl ' } });
    await waitFor(() => {
      const last = requests.filter((request) => request.path === '/api/trades').at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        session: 'london',
        trust: 'low',
        search: 'aapl',
        limit: '50',
      });
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

  it('exports every trade matching the filters as a CSV file, not only the pages shown', async () => {
    const requests = fakeApi(({ path, query }) => {
      if (path !== '/api/trades') return undefined;
      return query.has('limit')
        ? { status: 200, body: [OPEN], headers: { 'x-next-cursor': 'c1' } }
        : { status: 200, body: [OPEN, LOCKED] };
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:trades';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInApp(<TradesScreen />);
    await screen.findByRole('heading', { name: he.trades.title(1, true) });
    fireEvent.click(screen.getByRole('button', { name: 'ייצוא CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const unpaged = requests.filter(
      (request) => request.path === '/api/trades' && !request.query.has('limit'),
    );
    expect(unpaged).toHaveLength(1);
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('2026-11-18 17:30,AAPL,מניות,לונג,ניו יורק,פולבק,100,104,10,1.95,142.35,90,כן,לא');
    expect(lines[2]).toContain(',TSLA,');
    expect(lines[2]!.endsWith(',45,לא,כן')).toBe(true);
  });

  it('shows the first page, then loads older pages with the cursor until the last', async () => {
    const requests = fakeApi(({ path, query }) => {
      if (path !== '/api/trades') return undefined;
      if (!query.has('cursor')) return { status: 200, body: [OPEN], headers: { 'x-next-cursor': 'c1' } };
      return { status: 200, body: [LOCKED] };
    });
    renderInApp(<TradesScreen />);
    expect(await screen.findByRole('heading', { name: he.trades.title(1, true) })).toBeTruthy();
    expect(screen.getByTestId('trades-shown').textContent).toBe('מוצגות 1 העסקאות האחרונות');
    const loadMore = screen.getByRole('button', { name: 'טען עוד עסקאות' });
    loadMore.focus();
    fireEvent.click(loadMore);
    expect(await screen.findByRole('heading', { name: 'עסקאות (2)' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    // The button is gone with the last page; focus is on the count, not lost to the page's top.
    expect(document.activeElement).toBe(screen.getByTestId('trades-shown'));
    expect(screen.getByTestId('trades-shown').textContent).toBe('מוצגות כל 2 העסקאות');
    expect(screen.queryByRole('button', { name: 'טען עוד עסקאות' })).toBeNull();
    expect(
      Object.fromEntries(requests.filter((request) => request.path === '/api/trades').at(-1)!.query),
    ).toEqual({ limit: '50', cursor: 'c1' });
  });

  it('keeps the rows shown when an older page fails, and offers to try again', async () => {
    let failing = true;
    fakeApi(({ path, query }) => {
      if (path !== '/api/trades') return undefined;
      if (!query.has('cursor')) return { status: 200, body: [OPEN], headers: { 'x-next-cursor': 'c1' } };
      return failing
        ? { status: 503, body: { message: 'השירות אינו זמין', code: 'UNAVAILABLE' } }
        : { status: 200, body: [LOCKED] };
    });
    renderInApp(<TradesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'טען עוד עסקאות' }));
    expect((await screen.findByRole('alert')).textContent).toBe('לא ניתן לטעון עסקאות נוספות');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'נסה לטעון שוב' }));
    expect(await screen.findByRole('heading', { name: 'עסקאות (2)' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
