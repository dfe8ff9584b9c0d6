// Rendered at build time in Node (scripts/prerender-auth.mjs bundles this file with esbuild): the markup and
// the styles of /auth as the shell first shows it to a signed-out visitor.
import { DirectionProvider, GlobalStyle, theme } from '@yoman/ui';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { AuthScreen } from '../auth/AuthScreen';
import { createStore } from '../store/store';
import { PRERENDERED_SCREEN_ID } from './prerenderedScreen';

/** The overlay's own style: over the live page, in the page's colour, until the shell removes it. */
const OVERLAY_STYLE = `#${PRERENDERED_SCREEN_ID}{position:absolute;top:0;left:0;right:0;min-height:100vh;background:${theme.colors.bg}}`;

export interface PrerenderedPage {
  /** The <style> elements of the screen (styled-components' rules, the global style, the overlay's). */
  styles: string;
  /** The inert element holding the screen's markup, for the end of <body>. */
  body: string;
}

/** The /auth screen as static HTML, in Hebrew right to left, with the styles it needs. */
export function prerenderAuthPage(): PrerenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <Provider store={createStore()}>
          <ThemeProvider theme={theme}>
            <DirectionProvider rtl>
              <GlobalStyle />
              <MemoryRouter initialEntries={['/auth']}>
                <AuthScreen />
              </MemoryRouter>
            </DirectionProvider>
          </ThemeProvider>
        </Provider>,
      ),
      { identifierPrefix: 'prerendered-' },
    );
    return {
      styles: `${sheet.getStyleTags()}<style>${OVERLAY_STYLE}</style>`,
      body: `<div id="${PRERENDERED_SCREEN_ID}" inert aria-hidden="true">${markup}</div>`,
    };
  } finally {
    sheet.seal();
  }
}
