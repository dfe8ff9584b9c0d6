import 'styled-components';
import type { YomanTheme } from './theme';

declare module 'styled-components' {
  export interface DefaultTheme extends YomanTheme {}
}
