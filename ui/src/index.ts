// The design system, shared by the shell and every remote as one Module Federation singleton.
import './theme/fonts';

export * from './api';
export type { DesignSystemProviderProps } from './DesignSystemProvider';
export { DesignSystemProvider } from './DesignSystemProvider';
export * from './format';
export * from './icons';
export * from './primitives';
export * from './rtl';
export * from './theme';
export * from './toast';
