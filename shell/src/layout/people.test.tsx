import { cleanup, render, screen } from '@testing-library/react';
import { theme } from '@yoman/ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';
import { roleLabelOf, shownNameOf } from './people';

afterEach(cleanup);

const renderAvatar = (displayName: string | null, image: string | null = null) =>
  render(
    <ThemeProvider theme={theme}>
      <Avatar displayName={displayName} image={image} />
    </ThemeProvider>,
  );

describe('the avatar shows initials from the display name (spec §2)', () => {
  it('takes the first letters of the first two words', () => {
    renderAvatar('ישראל ישראלי כהן');
    expect(screen.getByTestId('avatar').textContent).toBe('יי');
  });

  it('upper-cases Latin initials', () => {
    renderAvatar('dana cohen');
    expect(screen.getByTestId('avatar').textContent).toBe('DC');
  });

  it("falls back to 'U' without a name", () => {
    renderAvatar('   ');
    expect(screen.getByTestId('avatar').textContent).toBe('U');
  });

  it('shows the profile image instead of initials when there is one', () => {
    renderAvatar('דנה כהן', '/uploads/dana.jpg');
    const avatar = screen.getByTestId('avatar');
    expect(avatar.textContent).toBe('');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/uploads/dana.jpg');
  });
});

describe('names and roles in the layout', () => {
  it("shows 'משתמש' when the display name is missing or blank", () => {
    expect(shownNameOf(null)).toBe('משתמש');
    expect(shownNameOf('  ')).toBe('משתמש');
    expect(shownNameOf('דנה')).toBe('דנה');
  });

  it("labels mentors 'מנטור' and every other role 'תלמיד'", () => {
    expect(roleLabelOf('mentor')).toBe('מנטור');
    expect(roleLabelOf('student')).toBe('תלמיד');
    expect(roleLabelOf('admin')).toBe('תלמיד');
  });
});
