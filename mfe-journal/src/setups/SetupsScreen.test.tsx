import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInApp, resetScreenAfterEachTest } from '../calendar/test-app';
import { SetupsScreen } from './SetupsScreen';
import { checklistOf, setupBodyOf } from './setup-form';

const ID_A = '1b2c3d4e-0000-4000-8000-000000000001';
const ID_B = '1b2c3d4e-0000-4000-8000-000000000002';
const NOW = '2026-11-20T10:00:00.000Z';

const setup = (overrides: Record<string, unknown>) => ({
  id: ID_A,
  name: 'פריצת טווח לונדון',
  description: 'פריצה של טווח אסיה בפתיחת לונדון',
  entryRules: 'סגירה מעל הטווח',
  exitRules: '2R או סוף הסשן',
  checklist: ['טווח אסיה ברור', 'נפח עולה'],
  smcContext: 'Liquidity sweep',
  isArchived: false,
  winRate: 58.3,
  expectancy: 0.42,
  avgR: 5.04,
  sampleSize: 12,
  sufficientSample: false,
  tradesNeeded: 18,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

const SLOW = { timeout: 5000 };

resetScreenAfterEachTest();

describe('the setup form', () => {
  it('keeps one checklist item per line, trimmed, blank lines dropped', () => {
    expect(checklistOf(' טווח ברור \n\n  \nנפח עולה\r\n')).toEqual(['טווח ברור', 'נפח עולה']);
    expect(
      setupBodyOf({
        name: ' א ',
        smcContext: 'ב',
        description: 'ג',
        entryRules: 'ד',
        exitRules: 'ה',
        checklist: '',
      }),
    ).toEqual({
      name: 'א',
      smcContext: 'ב',
      description: 'ג',
      entryRules: 'ד',
      exitRules: 'ה',
      checklist: [],
    });
  });
});

describe('the setups library', () => {
  it('shows active cards with their figures and sample badge, and the archive apart', async () => {
    fakeApi(({ path }) =>
      path === '/api/setups'
        ? {
            status: 200,
            body: [
              setup({}),
              setup({
                id: ID_B,
                name: 'פולבק לממוצע',
                isArchived: true,
                sampleSize: 30,
                sufficientSample: true,
                tradesNeeded: 0,
              }),
            ],
          }
        : undefined,
    );
    renderInApp(<SetupsScreen />);
    const active = await screen.findByTestId('active-setups');
    const card = within(active).getByRole('article', { name: 'פריצת טווח לונדון' });
    expect(card.querySelector('[data-figure="win-rate"]')!.textContent).toBe('58.3%');
    expect(card.querySelector('[data-figure="expectancy"]')!.textContent).toBe('+0.42R');
    expect(card.querySelector('[data-figure="avg-r"]')!.textContent).toBe('+5.04R');
    expect(card.querySelector('[data-figure="sample"]')!.textContent).toBe('12');
    expect(within(card).getByText('נדרשות עוד 18 עסקאות')).toBeTruthy();
    expect(within(card).getByText('Liquidity sweep')).toBeTruthy();
    const archived = screen.getByTestId('archived-setups');
    const old = within(archived).getByRole('article', { name: 'פולבק לממוצע' });
    expect(within(old).getByText('מדגם מספיק')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'שחזר' })).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'העבר לארכיון' })).toBeNull();
  });

  it('creates a setup: required fields in Hebrew, checklist one item per line, the spec toast', async () => {
    let list: unknown[] = [];
    const requests = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/setups') return { status: 200, body: list };
      if (method === 'POST' && path === '/api/setups') {
        const created = setup({
          ...(body as object),
          winRate: null,
          expectancy: null,
          avgR: null,
          sampleSize: 0,
          tradesNeeded: 30,
        });
        list = [created];
        return { status: 201, body: created };
      }
      return undefined;
    });
    renderInApp(<SetupsScreen />);
    expect(await screen.findByText('עוד אין סטאפים')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'סטאפ חדש' }));
    const dialog = await screen.findByRole('dialog', { name: 'סטאפ חדש' });
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'שמור סטאפ' }));
    expect(within(dialog).getAllByText('שדה חובה')).toHaveLength(5);
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
    type('שם', 'היפוך בסוף סשן');
    type('הקשר SMC', 'CHoCH');
    type('תיאור', 'היפוך אחרי סוויפ');
    type('כללי כניסה', 'אישור בנר');
    type('כללי יציאה', 'יעד 2R');
    type('רשימת בדיקה', 'סוויפ\n\n  CHoCH  \n');
    fireEvent.click(screen.getByRole('button', { name: 'שמור סטאפ' }));
    expect(await screen.findByText('הסטאפ נוצר בהצלחה', {}, SLOW)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'היפוך בסוף סשן',
      smcContext: 'CHoCH',
      description: 'היפוך אחרי סוויפ',
      entryRules: 'אישור בנר',
      exitRules: 'יעד 2R',
      checklist: ['סוויפ', 'CHoCH'],
    });
    const card = await screen.findByRole('article', { name: 'היפוך בסוף סשן' }, SLOW);
    expect(within(card).getByText('נדרשות עוד 30 עסקאות')).toBeTruthy();
    expect(card.querySelector('[data-figure="win-rate"]')!.textContent).toBe('—');
  });

  it('edits a setup with its checklist one per line, and says so', async () => {
    const requests = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/setups') return { status: 200, body: [setup({})] };
      if (method === 'PUT' && path === `/api/setups/${ID_A}`)
        return { status: 200, body: setup(body as Record<string, unknown>) };
      return undefined;
    });
    renderInApp(<SetupsScreen />);
    const card = await screen.findByRole('article', { name: 'פריצת טווח לונדון' });
    fireEvent.click(within(card).getByRole('button', { name: 'עריכה' }));
    const dialog = await screen.findByRole('dialog', { name: 'עריכת סטאפ' });
    const checklist = within(dialog).getByLabelText('רשימת בדיקה', { exact: false }) as HTMLTextAreaElement;
    expect(checklist.value).toBe('טווח אסיה ברור\nנפח עולה');
    fireEvent.change(within(dialog).getByLabelText('שם'), { target: { value: 'פריצת לונדון' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמור סטאפ' }));
    expect(await screen.findByText('הסטאפ עודכן בהצלחה', {}, SLOW)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
      name: 'פריצת לונדון',
      checklist: ['טווח אסיה ברור', 'נפח עולה'],
    });
  });

  it('shows the server message when creating fails', async () => {
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/setups') return { status: 200, body: [] };
      if (method === 'POST') return { status: 400, body: { message: 'שם: שדה חובה', code: 'VALIDATION' } };
      return undefined;
    });
    renderInApp(<SetupsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'צור סטאפ ראשון' }));
    const dialog = await screen.findByRole('dialog', { name: 'סטאפ חדש' });
    for (const label of ['שם', 'הקשר SMC', 'תיאור', 'כללי כניסה', 'כללי יציאה']) {
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value: 'x' } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'שמור סטאפ' }));
    expect(await screen.findByText('שגיאה ביצירת הסטאפ', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('שם: שדה חובה')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'סטאפ חדש' })).toBeTruthy();
  });

  it('archives and restores, with their toasts, and the cards move between the sections', async () => {
    let archived = false;
    const requests = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/setups')
        return { status: 200, body: [setup({ isArchived: archived })] };
      if (path === `/api/setups/${ID_A}/archive`) {
        archived = true;
        return { status: 200, body: setup({ isArchived: true }) };
      }
      if (path === `/api/setups/${ID_A}/restore`) {
        archived = false;
        return { status: 200, body: setup({}) };
      }
      return undefined;
    });
    renderInApp(<SetupsScreen />);
    const card = await screen.findByRole('article', { name: 'פריצת טווח לונדון' });
    fireEvent.click(within(card).getByRole('button', { name: 'העבר לארכיון' }));
    expect(await screen.findByText('הסטאפ הועבר לארכיון', {}, SLOW)).toBeTruthy();
    const inArchive = await within(screen.getByTestId('archived-setups')).findByRole('article', {}, SLOW);
    fireEvent.click(within(inArchive).getByRole('button', { name: 'שחזר' }));
    expect(await screen.findByText('הסטאפ שוחזר מהארכיון', {}, SLOW)).toBeTruthy();
    await waitFor(
      () => expect(within(screen.getByTestId('active-setups')).queryByRole('article')).not.toBeNull(),
      SLOW,
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/setups/${ID_A}/archive`,
      `/api/setups/${ID_A}/restore`,
    ]);
  });

  it("opens the add-trade dialog with the setup chosen from its card's new-trade button", async () => {
    fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/setups' ? { status: 200, body: [setup({})] } : undefined,
    );
    renderInApp(<SetupsScreen />);
    const card = await screen.findByRole('article', { name: 'פריצת טווח לונדון' });
    fireEvent.click(within(card).getByRole('button', { name: 'עסקה חדשה' }));
    const dialog = await screen.findByRole('dialog', { name: 'עסקה חדשה' });
    const select = within(dialog).getByLabelText('סטאפ מהספרייה') as HTMLSelectElement;
    expect(select.value).toBe(ID_A);
    expect(select.selectedOptions[0]!.textContent).toBe('פריצת טווח לונדון');
  });

  it('says in Hebrew when the setups cannot be loaded', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'שגיאה' } }));
    renderInApp(<SetupsScreen />);
    expect(await screen.findByText('לא ניתן לטעון את הסטאפים')).toBeTruthy();
  });
});
