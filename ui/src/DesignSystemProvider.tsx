// The core entry by name, not by path: the toast queue and the direction must be the page's one copy.
import { DirectionProvider, GlobalStyle, theme } from '@yoman/ui';
import { TooltipProvider } from '@yoman/ui/overlays';
import { Toaster } from '@yoman/ui/toaster';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

export type DesignSystemProviderProps = {
  /** The user's rtlLayout setting; true (Hebrew right-to-left) until settings load. */
  rtl?: boolean;
  children?: ReactNode;
};

/**
 * Everything the design system needs once at the root of the shell (or of a remote's standalone page):
 * the theme, global styles, the direction, tooltip delays and the toaster.
 */
export function DesignSystemProvider({ rtl = true, children }: DesignSystemProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <DirectionProvider rtl={rtl}>
        <GlobalStyle />
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </DirectionProvider>
    </ThemeProvider>
  );
}
