import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER, type Trade } from '@yoman/contracts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarScreen } from '../calendar/CalendarScreen';
import { type FakeRequest, fakeApi, renderInApp, SAVED_TRADE_ID, savedTradeOf } from '../calendar/test-app';
import { AddTradeDialog } from './AddTradeDialog';

const calculation = {
  pnlUsd: '637.60',
  pnlIls: '2331.06',
  rMultiple: '1.9619',
  usdToIlsRate: '3.656',
  rateDate: '2026-11-20',
};

const SCREENSHOT_URL = '/api/screenshots/abc';

// The calculation waits for typing to pause, and the machine is shared: allow a few seconds.
const SLOW = { timeout: 5000 };

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'שמור עסקה' }) as HTMLButtonElement;
/** The fields of a bitcoin trade, and the wait until its calculation allows saving. */
async function fillBitcoinTrade() {
  type('סימול', 'btcusdt');
  type('מחיר כניסה', '65000');
  type('מחיר יציאה', '66300');
  type('כמות מטבעות', '0.5');
  await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
}
/** The upload of a screenshot as the server answers it: a one-time link, then the image's PUT to it. */
function screenshotUpload({ method, path }: Pick<FakeRequest, 'method' | 'path'>) {
  if (path === '/api/screenshots/upload-url') {
    return { status: 200, body: { uploadURL: SCREENSHOT_URL, screenshotUrl: SCREENSHOT_URL } };
  }
  if (method === 'PUT' && path === SCREENSHOT_URL) return { status: 200, body: {} };
  return undefined;
}
const calculations = (requests: FakeRequest[]) => requests.filter((r) => r.path === '/api/calculate-trade');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:15:00Z'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddTradeDialog', () => {
  it('shows the spec defaults, asset-specific labels, and blocks saving until a calculation exists', () => {
    fakeApi(() => undefined);
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" />);
    expect(saveButton().disabled).toBe(true);
    expect(field('עמלות').value).toBe('0');
    expect(field('עמלות').step).toBe('0.01');
    expect(field('מחיר כניסה').step).toBe('0.00000001');
    expect((screen.getByRole('radio', { name: 'לונג' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('סשן') as HTMLSelectElement).value).toBe('asia');
    expect((screen.getByLabelText('סטאפ') as HTMLSelectElement).value).toBe('breakout');
    expect(field('סימול').placeholder).toBe('BTCUSDT');
    expect(screen.getByLabelText('כמות מטבעות')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'חוזים עתידיים' }));
    expect(field('סימול').placeholder).toBe('ES');
    expect(screen.getByLabelText('חוזים')).toBeTruthy();
  });

  it("says 'שדה חובה' under each required field left empty", () => {
    fakeApi(() => undefined);
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" />);
    fireEvent.blur(field('סימול'));
    expect(screen.getAllByText('שדה חובה')).toHaveLength(1);
    fireEvent.submit(field('סימול').form!);
    // symbol, entry, exit, size, entry time, exit time
    expect(screen.getAllByText('שדה חובה')).toHaveLength(6);
  });

  it('calculates once entry, exit and size are filled, again on a direction change, and shows the results', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/calculate-trade' ? { status: 200, body: calculation } : undefined,
    );
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" />);
    type('מחיר כניסה', '65000');
    type('מחיר יציאה', '66300');
    await new Promise((r) => setTimeout(r, 600));
    expect(calculations(requests)).toHaveLength(0);
    type('כמות מטבעות', '0.5');
    await waitFor(() => expect(calculations(requests)).toHaveLength(1), SLOW);
    const box = screen.getByTestId('calculation-result');
    await within(box).findByText('+1.96R', {}, SLOW);
    expect(box.querySelector('[data-result="pnl-ils"]')!.textContent).toContain('2,331.06');
    expect(box.textContent).toContain('3.656');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'שורט' }));
    // The old result is dropped at once, so it cannot be saved against the new direction.
    expect(saveButton().disabled).toBe(true);
    await waitFor(() => expect(calculations(requests)).toHaveLength(2), SLOW);
    expect(calculations(requests)[1]!.body).toMatchObject({
      direction: 'short',
      entryPrice: '65000',
      positionSize: '0.5',
    });
  });

  it('asks for a point value only when the server does not know the futures root', async () => {
    fakeApi(({ path, body }) => {
      if (path !== '/api/calculate-trade') return undefined;
      const b = body as { pointValue?: string };
      return b.pointValue
        ? { status: 200, body: calculation }
        : { status: 422, body: { message: 'חוזה לא מוכר: הזן ערך נקודה', code: 'UNKNOWN_FUTURES_ROOT' } };
    });
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'חוזים עתידיים' }));
    expect(screen.queryByLabelText('ערך נקודה', { exact: false })).toBeNull();
    type('סימול', 'XYZZ6');
    type('מחיר כניסה', '100');
    type('מחיר יציאה', '101');
    fireEvent.change(screen.getByLabelText('חוזים'), { target: { value: '1' } });
    await screen.findByText('חוזה לא מוכר: הזן ערך נקודה', {}, SLOW);
    type('ערך נקודה', '50');
    await within(screen.getByTestId('calculation-result')).findByText('+1.96R', {}, SLOW);
  });

  it('shows the server message in a save-failure toast and keeps the dialog open', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      if (path === '/api/trades')
        return { status: 422, body: { message: 'זמן היציאה חייב להיות אחרי זמן הכניסה', code: 'X' } };
      return undefined;
    });
    const onOpenChange = vi.fn();
    renderInApp(
      <AddTradeDialog open onOpenChange={onOpenChange} zone="Asia/Jerusalem" prefillDate="2026-11-20" />,
    );
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    expect(await screen.findByText('שגיאה בשמירת העסקה', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('זמן היציאה חייב להיות אחרי זמן הכניסה')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('adds a trade from a calendar day: prefilled times, saved, toast, and the calendar updates without reload', async () => {
    let stored: Record<string, unknown> | null = null;
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      if (method === 'POST' && path === '/api/trades') {
        stored = savedTradeOf(body as Record<string, unknown>);
        return { status: 201, body: stored };
      }
      if (path === '/api/daily-aggregates') {
        const day = {
          date: '2026-11-20',
          netR: '1.9619',
          netPnlIls: '2331.06',
          totalTrades: 1,
          winningTrades: 1,
          rTrades: 1,
          allHaveScreenshots: false,
          hasLowTrust: false,
          sessionBreakdown: {
            asia: { netR: '1.9619', trades: 1 },
            london: { netR: '0', trades: 0 },
            newYork: { netR: '0', trades: 0 },
          },
        };
        return { status: 200, body: stored ? [day] : [] };
      }
      return undefined;
    });
    renderInApp(<CalendarScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'הוסף עסקה ב-יום שישי, 20 בנובמבר 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'עסקה חדשה' });
    expect(field('זמן יציאה').value).toBe('20.11.2026 14:15');
    expect(field('זמן כניסה').value).toBe('20.11.2026 13:15');
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    expect(await screen.findByText('העסקה נשמרה בהצלחה', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('העסקה התווספה ליומן המסחר')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false), SLOW);
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/trades')!;
    expect(post.body).toMatchObject({
      symbol: 'BTCUSDT',
      exitTime: '2026-11-20T12:15:00.000Z',
      entryTime: '2026-11-20T11:15:00.000Z',
      rMultiple: '1.9619',
    });
    await screen.findByRole('button', { name: /^יום שישי, 20 בנובמבר 2026, \+1\.96R/ }, SLOW);
    expect(screen.getByTestId('month-kpis').querySelector('[data-kpi="trades"]')!.textContent).toBe('1');
  });

  it('uploads a dropped screenshot and saves its URL with the trade; a renamed text file is refused', async () => {
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      const upload = screenshotUpload({ method, path });
      if (upload) return upload;
      if (method === 'POST' && path === '/api/trades')
        return { status: 201, body: savedTradeOf(body as Record<string, unknown>) };
      return undefined;
    });
    renderInApp(
      <AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" prefillDate="2026-11-20" />,
    );
    const input = screen.getByLabelText('צילום מסך');
    fireEvent.change(input, {
      target: { files: [new File(['not an image'], 'fake.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('נא לבחור קובץ PNG או JPG בלבד')).toBeTruthy();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    fireEvent.change(input, { target: { files: [new File([png], 'chart.png', { type: 'image/png' })] } });
    await screen.findByTestId('screenshot-chosen');
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    await screen.findByText('העסקה נשמרה בהצלחה', {}, SLOW);
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/screenshots/abc')!;
    expect(put.body).toBeInstanceOf(Blob);
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/trades')!;
    expect(post.body).toMatchObject({ hasScreenshot: true, screenshotUrl: '/api/screenshots/abc' });
  });
});

describe('saving a new trade once, however many tries it takes', () => {
  /** The dialog as a screen holds it: closed on a save or a cancel, opened again by a button. */
  function Reopenable() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen((now) => !now)}>
          פתח או סגור
        </button>
        <AddTradeDialog open={open} onOpenChange={setOpen} zone="Asia/Jerusalem" prefillDate="2026-11-20" />
      </>
    );
  }

  it('tries again with the same key and screenshot after a 503; a saved or reopened form starts a new key', async () => {
    const answers = [503, 201, 503, 201];
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      const upload = screenshotUpload({ method, path });
      if (upload) return upload;
      if (method === 'POST' && path === '/api/trades') {
        const status = answers.shift();
        return status === 201
          ? { status, body: savedTradeOf(body as Record<string, unknown>) }
          : {
              status: 503,
              body: { message: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע', code: 'UNAVAILABLE' },
            };
      }
      return undefined;
    });
    const keys = () =>
      requests
        .filter((r) => r.method === 'POST' && r.path === '/api/trades')
        .map((r) => r.headers.get(IDEMPOTENCY_KEY_HEADER));
    renderInApp(<Reopenable />);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    fireEvent.change(screen.getByLabelText('צילום מסך'), {
      target: { files: [new File([png], 'chart.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('screenshot-chosen');
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    expect(await screen.findByText('השירות אינו זמין כרגע, נסו שוב בעוד רגע', {}, SLOW)).toBeTruthy();
    fireEvent.click(saveButton());
    await screen.findByText('העסקה נשמרה בהצלחה', {}, SLOW);
    const [first, again] = keys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);
    expect(requests.filter((r) => r.path === '/api/screenshots/upload-url')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);

    // Saved: the dialog closed. Opened again, the next trade is another save with a key of its own.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'פתח או סגור' }));
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    await waitFor(() => expect(keys()).toHaveLength(3), SLOW);
    // Failed, then cancelled and opened again: what is typed now is a new trade, not a try of the last one.
    fireEvent.click(screen.getByRole('button', { name: 'ביטול' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'פתח או סגור' }));
    await fillBitcoinTrade();
    fireEvent.click(saveButton());
    await waitFor(() => expect(keys()).toHaveLength(4), SLOW);
    const [, , third, fourth] = keys();
    expect(new Set([first, third, fourth]).size).toBe(3);
  });

  it('sends an edit without a key (an edit names its trade already)', async () => {
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      if (method === 'PUT') return { status: 200, body: savedTradeOf(body as Record<string, unknown>) };
      return undefined;
    });
    const trade = savedTradeOf({
      symbol: 'BTCUSDT',
      assetType: 'crypto',
      direction: 'long',
      entryPrice: '65000',
      exitPrice: '66300',
      positionSize: '0.5',
      entryTime: '2026-11-20T11:15:00.000Z',
      exitTime: '2026-11-20T12:15:00.000Z',
      session: 'asia',
      setup: 'breakout',
      fees: '0',
      notes: null,
      stopPrice: null,
      screenshotUrl: null,
      hasScreenshot: false,
    }) as unknown as Trade;
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" trade={trade} />);
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await screen.findByText('העסקה נשמרה בהצלחה', {}, SLOW);
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeNull();
  });
});

describe('library setups in the dialog', () => {
  const ACTIVE_ID = '1b2c3d4e-0000-4000-8000-000000000001';
  const KEPT_ID = '1b2c3d4e-0000-4000-8000-000000000002';
  const OTHER_ARCHIVED_ID = '1b2c3d4e-0000-4000-8000-000000000003';
  const librarySetup = (id: string, name: string, isArchived: boolean) => ({
    id,
    name,
    description: 'תיאור',
    entryRules: 'כניסה',
    exitRules: 'יציאה',
    checklist: [],
    smcContext: 'איסוף נזילות',
    isArchived,
    winRate: null,
    expectancy: null,
    avgR: null,
    sampleSize: 0,
    sufficientSample: false,
    tradesNeeded: 30,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  });
  const SETUPS = [
    librarySetup(ACTIVE_ID, 'פריצת טווח', false),
    librarySetup(KEPT_ID, 'היפוך בלונדון', true),
    librarySetup(OTHER_ARCHIVED_ID, 'ישן', true),
  ];
  const editedTrade = savedTradeOf({
    symbol: 'BTCUSDT',
    assetType: 'crypto',
    direction: 'long',
    session: 'london',
    setup: 'breakout',
    setupId: KEPT_ID,
    entryPrice: '65000',
    exitPrice: '66300',
    stopPrice: null,
    positionSize: '0.5',
    fees: '0',
    entryTime: '2026-11-20T11:15:00.000Z',
    exitTime: '2026-11-20T12:15:00.000Z',
  }) as unknown as Trade;
  const librarySelect = () => screen.getByLabelText('סטאפ מהספרייה') as HTMLSelectElement;
  const optionLabels = () => [...librarySelect().options].map((option) => option.textContent);

  it('keeps the archived setup of a trade being edited, marked as archived, and saves it unchanged', async () => {
    const requests = fakeApi(({ method, path, body }) => {
      if (path === '/api/setups') return { status: 200, body: SETUPS };
      if (path === '/api/calculate-trade') return { status: 200, body: calculation };
      if (method === 'PUT' && path === `/api/trades/${SAVED_TRADE_ID}`)
        return { status: 200, body: savedTradeOf(body as Record<string, unknown>) };
      return undefined;
    });
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" trade={editedTrade} />);
    await waitFor(
      () => expect(optionLabels()).toEqual(['ללא', 'פריצת טווח', 'היפוך בלונדון (בארכיון)']),
      SLOW,
    );
    expect(librarySelect().value).toBe(KEPT_ID);
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true), SLOW);
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ setupId: KEPT_ID });
  });

  it('offers a new trade the active setups only', async () => {
    fakeApi(({ path }) => (path === '/api/setups' ? { status: 200, body: SETUPS } : undefined));
    renderInApp(<AddTradeDialog open onOpenChange={() => {}} zone="Asia/Jerusalem" />);
    await waitFor(() => expect(optionLabels()).toEqual(['ללא', 'פריצת טווח']), SLOW);
    expect(librarySelect().value).toBe('');
  });
});
