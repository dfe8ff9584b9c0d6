import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { theme } from '@yoman/ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthTabs, tabAfterKey } from './AuthTabs';

afterEach(cleanup);

function showTabs() {
  render(
    <ThemeProvider theme={theme}>
      <div dir="rtl">
        <AuthTabs
          label="כניסה או הרשמה"
          initial="login"
          tabs={[
            { value: 'login', label: 'התחברות', panel: <p>טופס התחברות</p> },
            { value: 'register', label: 'הרשמה', panel: <p>טופס הרשמה</p> },
          ]}
        />
      </div>
    </ThemeProvider>,
  );
}

describe('AuthTabs', () => {
  it('is a labelled tablist whose selected tab alone is in the tab order and controls the shown panel', () => {
    showTabs();
    expect(screen.getByRole('tablist', { name: 'כניסה או הרשמה' })).toBeTruthy();
    const login = screen.getByRole('tab', { name: 'התחברות' });
    const register = screen.getByRole('tab', { name: 'הרשמה' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(login.tabIndex).toBe(0);
    expect(register.getAttribute('aria-selected')).toBe('false');
    expect(register.tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'התחברות' });
    expect(panel.id).toBe(login.getAttribute('aria-controls'));
    expect(panel.textContent).toBe('טופס התחברות');
    expect(screen.queryByText('טופס הרשמה')).toBeNull();
  });

  it('switches on click and, from the keyboard, moves focus and selection together', () => {
    showTabs();
    fireEvent.click(screen.getByRole('tab', { name: 'הרשמה' }));
    expect(screen.getByRole('tabpanel', { name: 'הרשמה' }).textContent).toBe('טופס הרשמה');
    const register = screen.getByRole('tab', { name: 'הרשמה' });
    fireEvent.keyDown(register, { key: 'Home' });
    const login = screen.getByRole('tab', { name: 'התחברות' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(login);
  });
});

describe('tabAfterKey', () => {
  it('follows the reading direction, wraps around, and ignores other keys', () => {
    expect(tabAfterKey('ArrowLeft', 0, 2, 'rtl')).toBe(1);
    expect(tabAfterKey('ArrowRight', 0, 2, 'rtl')).toBe(1);
    expect(tabAfterKey('ArrowRight', 0, 3, 'ltr')).toBe(1);
    expect(tabAfterKey('ArrowLeft', 0, 3, 'ltr')).toBe(2);
    expect(tabAfterKey('End', 0, 3, 'rtl')).toBe(2);
    expect(tabAfterKey('Home', 2, 3, 'rtl')).toBe(0);
    expect(tabAfterKey('Enter', 0, 2, 'rtl')).toBeNull();
  });
});
