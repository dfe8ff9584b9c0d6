export type { DirectionProviderProps } from './DirectionProvider';
export { DirectionProvider } from './DirectionProvider';
export type { LtrRunProps } from './LtrRun';
export { LtrRun, Num } from './LtrRun';
