import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { TooltipProvider } from './primitives/Tooltip';
import { DirectionProvider } from './rtl/DirectionProvider';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';
import { Toaster } from './toast/Toaster';

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
