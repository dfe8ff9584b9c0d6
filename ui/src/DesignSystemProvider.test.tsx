import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { DesignSystemProvider } from './DesignSystemProvider';
import { Button } from './primitives/Button';
import { GlobalStyle, theme } from './theme';
import { dismissToast, toast } from './toast/toastStore';

afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

describe('DesignSystemProvider', () => {
  it('themes its children, sets the direction and hosts the toaster', () => {
    render(
      <DesignSystemProvider>
        <Button>שמור</Button>
      </DesignSystemProvider>,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'שמור' })).toBeTruthy();
    act(() => {
      toast({ title: 'ההגדרות נשמרו בהצלחה', variant: 'success' });
    });
    expect(screen.getByText('ההגדרות נשמרו בהצלחה')).toBeTruthy();
  });

  it('sets left-to-right when the user turned rtlLayout off', () => {
    render(<DesignSystemProvider rtl={false} />);
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('GlobalStyle', () => {
  // Vitest loads styled-components' Node build, which injects global styles only through a server sheet.
  it('gives the page the dark background, Heebo, tabular digits and the accent focus ring', () => {
    const sheet = new ServerStyleSheet();
    renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
        </ThemeProvider>,
      ),
    );
    const css = sheet.getStyleTags();
    sheet.seal();
    expect(css).toMatch(/background:\s*#0B0F17/i);
    expect(css).toContain("'Heebo'");
    expect(css).toContain('font-variant-numeric:tabular-nums');
    expect(css).toMatch(/:focus-visible\{outline:2px solid #3B82F6/);
    expect(css).toContain('prefers-reduced-motion');
  });
});
