import {
  breakpoints,
  colors,
  durations,
  fontFamily,
  fontSizes,
  fontWeights,
  lineHeights,
  media,
  radii,
  rarityColors,
  shadows,
  space,
  trustColors,
  zIndices,
} from './tokens';

export const theme = {
  colors,
  rarityColors,
  trustColors,
  radii,
  space,
  fonts: { body: fontFamily },
  fontSizes,
  fontWeights,
  lineHeights,
  breakpoints,
  media,
  zIndices,
  shadows,
  durations,
} as const;

export type YomanTheme = typeof theme;
