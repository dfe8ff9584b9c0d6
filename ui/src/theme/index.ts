export { GlobalStyle } from './GlobalStyle';
export type { YomanTheme } from './theme';
export { theme } from './theme';
export type { Tone } from './tokens';
export {
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  intensityTint,
  media,
  radii,
  rarityColors,
  space,
  trustColors,
  withAlpha,
  zIndices,
} from './tokens';
