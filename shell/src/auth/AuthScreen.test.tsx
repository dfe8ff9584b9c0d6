import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@yoman/contracts/constants';
import { PRERENDERED_SCREEN_ID } from '@yoman/ui';
import { Toaster } from '@yoman/ui/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInShell } from '../testing/renderInShell';
import { AuthScreen } from './AuthScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: 'u1',
  username: 'dana',
  email: 'dana@example.com',
  displayName: 'דנה כהן',
  role: 'student',
  organisationId: null,
  profileImage: null,
};

const renderAuth = () =>
  renderInShell([
    {
      path: '/',
      element: (
        <>
          <AuthScreen />
          <Toaster />
        </>
      ),
    },
  ]);

const fill = (label: string, value: string) => {
  const form = screen.getByRole('form', { name: /התחברות|הרשמה/u });
  const input = Array.from(form.querySelectorAll('input')).find(
    (element) => element.labels?.[0]?.textContent === label,
  );
  if (!input) throw new Error(`no field labelled ${label}`);
  fireEvent.change(input, { target: { value } });
};

/** Opens the register tab, as a visitor does. */
async function openRegistration() {
  const registerTab = screen.getByRole('tab', { name: 'הרשמה' });
  fireEvent.mouseDown(registerTab);
  fireEvent.click(registerTab);
  await screen.findByRole('form', { name: 'הרשמה' });
}

/** Fills the register form as Dana and sends it. */
function submitRegistration() {
  fill('שם מלא', 'דנה כהן');
  fill('שם משתמש', 'dana');
  fill('אימייל', 'dana@example.com');
  fill('סיסמה', 'correct-horse');
  fireEvent.submit(screen.getByRole('form', { name: 'הרשמה' }));
}

describe('the auth screen', () => {
  it("shows 'שגיאה בהתחברות' with the server's message when the login is refused", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/api/user': { status: 401 },
        '/api/login': {
          status: 401,
          body: { message: 'אימייל או סיסמה שגויים', code: 'INVALID_CREDENTIALS' },
        },
      }),
    );
    renderAuth();
    fill('אימייל', 'dana@example.com');
    fill('סיסמה', 'wrong-password');
    fireEvent.submit(screen.getByRole('form', { name: 'התחברות' }));
    await screen.findByText('שגיאה בהתחברות');
    expect(screen.getByText('אימייל או סיסמה שגויים')).toBeTruthy();
  });

  it("welcomes a logged-in user with 'התחברת בהצלחה' and 'ברוך הבא <name>'", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ '/api/user': { status: 401 }, '/api/login': { status: 200, body: user } }),
    );
    renderAuth();
    fill('אימייל', 'dana@example.com');
    fill('סיסמה', 'correct-horse');
    fireEvent.submit(screen.getByRole('form', { name: 'התחברות' }));
    await screen.findByText('התחברת בהצלחה');
    expect(screen.getByText('ברוך הבא דנה כהן')).toBeTruthy();
  });

  it("asks for a password of at least 8 characters on the register tab and greets with 'ברוך הבא למערכת'", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ '/api/user': { status: 401 }, '/api/register': { status: 200, body: user } }),
    );
    renderAuth();
    await openRegistration();
    const password = screen.getByLabelText('סיסמה') as HTMLInputElement;
    expect(password.minLength).toBe(8);
    submitRegistration();
    await screen.findByText('נרשמת בהצלחה');
    expect(screen.getByText('ברוך הבא למערכת דנה כהן')).toBeTruthy();
  });

  it('tries a registration answered 503 again with the same key, so the stored account signs in, not "taken"', async () => {
    const keys: (string | null)[] = [];
    const answers = [503, 200];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://yoman.test').pathname;
      if (path !== '/api/register') return fakeApi({ '/api/user': { status: 401 } })(input);
      keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
      const status = answers.shift();
      const body =
        status === 200 ? user : { message: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע', code: 'UNAVAILABLE' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    renderAuth();
    await openRegistration();
    submitRegistration();
    await screen.findByText('שגיאה ברישום');
    fireEvent.submit(screen.getByRole('form', { name: 'הרשמה' }));
    await screen.findByText('נרשמת בהצלחה');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('explains that a mentor resets a forgotten password', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 401 } }));
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: 'שכחתי סיסמה' }));
    await waitFor(() => expect(screen.getByText('פנה למנטור שלך והוא יאפס עבורך את הסיסמה.')).toBeTruthy());
  });
});

describe('the prerendered copy of /auth', () => {
  it('is removed when the live screen mounts, so the two never show together', async () => {
    const copy = document.createElement('div');
    copy.id = PRERENDERED_SCREEN_ID;
    copy.textContent = 'ברוכים הבאים ליומן';
    document.body.append(copy);
    renderAuth();
    await screen.findByRole('form', { name: 'התחברות' });
    expect(document.getElementById(PRERENDERED_SCREEN_ID)).toBeNull();
  });
});
