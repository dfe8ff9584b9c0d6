import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { TrophyIcon } from '../icons';
import { theme } from '../theme';
import { ScreenNotYetAvailable } from './ScreenNotYetAvailable';

afterEach(cleanup);

describe('ScreenNotYetAvailable', () => {
  it('says honestly that the named screen is still being built, with the caller’s icon', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <ScreenNotYetAvailable screen="ליגות" icon={<TrophyIcon />} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'המסך הזה עוד לא זמין' })).toBeTruthy();
    expect(screen.getByText('המסך "ליגות" נמצא בבנייה ויופיע כאן בגרסה הבאה.')).toBeTruthy();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
