import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DirectionProvider } from '../rtl';
import { theme } from '../theme';
import { Toaster } from './Toaster';
import { currentToasts, dismissToast, TOAST_RULES, toast } from './toastStore';

function showToaster() {
  return render(
    <ThemeProvider theme={theme}>
      <Toaster />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  act(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_RULES.removeDelayMs);
  });
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('keeps one toast at a time: a new one replaces the current one', () => {
    toast({ title: 'התחברת בהצלחה' });
    toast({ title: 'שגיאה בהתנתקות', variant: 'destructive' });
    expect(currentToasts().map((t) => t.title)).toEqual(['שגיאה בהתנתקות']);
  });

  it('closes a dismissed toast at once and drops it after the removal delay', () => {
    const { id } = toast({ title: 'x' });
    dismissToast(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_RULES.removeDelayMs - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });
});

describe('Toaster', () => {
  it('shows the title and description of a toast raised anywhere', () => {
    showToaster();
    act(() => {
      toast({ title: 'התחברת בהצלחה', description: 'ברוך הבא דנה', variant: 'success' });
    });
    expect(screen.getByText('התחברת בהצלחה')).toBeTruthy();
    expect(screen.getByText('ברוך הבא דנה')).toBeTruthy();
  });

  it('labels its region with the F8 hotkey', () => {
    showToaster();
    expect(screen.getByRole('region').getAttribute('aria-label')).toContain('F8');
  });

  it('closes the toast after 5000 ms', () => {
    showToaster();
    act(() => {
      toast({ title: 'ההגדרות נשמרו בהצלחה' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_RULES.durationMs - 100);
    });
    expect(currentToasts()[0]?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(currentToasts()[0]?.open).toBe(false);
  });

  it('closes from its close button', () => {
    showToaster();
    act(() => {
      toast({ title: 'שגיאה בשמירת ההגדרות', description: 'שדה חובה', variant: 'destructive' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'סגור' }));
    expect(currentToasts()[0]?.open).toBe(false);
  });

  it('stays at the right edge and swipes off to the right in Hebrew layout too', () => {
    render(
      <ThemeProvider theme={theme}>
        <DirectionProvider rtl>
          <Toaster />
        </DirectionProvider>
      </ThemeProvider>,
    );
    act(() => {
      toast({ title: 'נרשמת בהצלחה', variant: 'success' });
    });
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .join('\n');
    expect(css).toContain('translateX(100%)');
    expect(css).not.toContain('translateX(-100%)');
    expect(css).toMatch(/@media \(min-width: 768px\)\{\.[\w-]+\{left:auto;max-width:420px;\}\}/);
    expect(css).not.toMatch(/right:auto;max-width:420px/);
  });
});
