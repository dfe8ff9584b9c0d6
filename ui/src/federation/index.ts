export type { RemoteRoutesModule, RemoteSlice } from './remoteModule';
export { ScreenNotYetAvailable } from './ScreenNotYetAvailable';
