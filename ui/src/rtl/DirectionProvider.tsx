import { Direction } from 'radix-ui';
import { type ReactNode, useLayoutEffect } from 'react';
import { StyleSheetManager } from 'styled-components';
import { rtlPlugin } from './rtlPlugin';

// Built once: a new array each render would make styled-components rebuild every stylesheet.
const RTL_PLUGINS = [rtlPlugin];
// An explicit empty list, because omitting the prop would inherit an outer manager's RTL plugin.
const LTR_PLUGINS: typeof RTL_PLUGINS = [];

export type DirectionProviderProps = { rtl: boolean; children?: ReactNode };

/**
 * Mirrors the whole app for Hebrew: styles are written left-to-right and flipped by the RTL plugin (./rtlPlugin),
 * the document gets `dir`/`lang`, and Radix primitives learn the direction for their arrow keys.
 */
export function DirectionProvider({ rtl, children }: DirectionProviderProps) {
  const dir = rtl ? 'rtl' : 'ltr';
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dir = dir;
    root.lang = 'he';
  }, [dir]);
  return (
    <StyleSheetManager stylisPlugins={rtl ? RTL_PLUGINS : LTR_PLUGINS}>
      <Direction.Provider dir={dir}>{children}</Direction.Provider>
    </StyleSheetManager>
  );
}
