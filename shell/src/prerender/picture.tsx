// What every prerendered copy of a screen shares (prerendered-screen.ts in the design system says what
// such a copy is): the shell's providers, styled-components' server style sheet and the overlay element.
import {
  DirectionProvider,
  GlobalStyle,
  PRERENDERED_PATH_ATTRIBUTE,
  PRERENDERED_SCREEN_ID,
  theme,
} from '@yoman/ui';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/store';

/** The overlay's own style: over the live page, in the page's colour, until the app removes it. */
const OVERLAY_STYLE = `#${PRERENDERED_SCREEN_ID}{position:absolute;top:0;left:0;right:0;min-height:100vh;background:${theme.colors.bg}}`;

/**
 * Ids and test ids belong to the live screen: while the copy covers it, the page would have two `#main`s,
 * and a test looking for the live sidebar would find two. (Attribute values never hold a quote: React
 * escapes it, in text too, so this matches attributes only.)
 */
const LIVE_ONLY_ATTRIBUTES = / (?:id|data-testid)="[^"]*"/gu;

export interface PrerenderedPage {
  /** The <style> elements of the screen (styled-components' rules, the global style, the overlay's). */
  styles: string;
  /** The inert element holding the screen's markup, for right after #root. */
  body: string;
}

/** `content` (routed to `path` by the caller) in the shell's providers, as a prerendered copy. */
export function renderPicture(
  path: string,
  store: AppStore,
  content: ReactElement,
  { rtl = true } = {},
): PrerenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <DirectionProvider rtl={rtl}>
              <GlobalStyle />
              {content}
            </DirectionProvider>
          </ThemeProvider>
        </Provider>,
      ),
      { identifierPrefix: 'prerendered-' },
    ).replace(LIVE_ONLY_ATTRIBUTES, '');
    return {
      styles: `${sheet.getStyleTags()}<style>${OVERLAY_STYLE}</style>`,
      // Its own direction: the page's <html> is right to left until the app reads the user's settings.
      body: `<div id="${PRERENDERED_SCREEN_ID}" ${PRERENDERED_PATH_ATTRIBUTE}="${path}" dir="${rtl ? 'rtl' : 'ltr'}" inert aria-hidden="true">${markup}</div>`,
    };
  } finally {
    sheet.seal();
  }
}
