import { cleanup, render, screen } from '@testing-library/react';
import { theme } from '@yoman/ui';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIsCurrent, MenuLinks } from './MenuLinks';
import { MENU_ICONS, type MenuEntry } from './navigation';

afterEach(cleanup);

const entry = (path: string, label: string): MenuEntry => ({
  path,
  label,
  icon: MENU_ICONS.home!,
  audience: 'student',
});

function menuAt(pathname: string) {
  cleanup();
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[pathname]}>
        <MenuLinks entries={[entry('/', 'דף הבית'), entry('/calendar', 'יומן'), entry('/mentor', 'סקירה')]} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('the menu marks the page being shown', () => {
  it("marks the home link on the student's dashboard, where / leads, as at / itself", () => {
    expect(menuAt('/home')).toEqual(['דף הבית']);
    expect(menuAt('/')).toEqual(['דף הבית']);
  });

  it("marks a screen's link below its path too, and never home there", () => {
    expect(menuAt('/calendar')).toEqual(['יומן']);
    expect(menuAt('/calendar/2026-11')).toEqual(['יומן']);
    expect(menuAt('/trades')).toEqual([]);
  });

  it("marks the mentor's overview at /mentor only, not on the mentor's other screens", () => {
    expect(menuAt('/mentor')).toEqual(['סקירה']);
    expect(linkIsCurrent('/mentor', '/mentor/students')).toBe(false);
    expect(linkIsCurrent('/', '/homework')).toBe(false);
  });
});
