export type { MenuEntry, MenuEntryAudience, RemoteRoutesModule, RemoteSlice } from './remoteModule';
export { ScreenNotYetAvailable } from './ScreenNotYetAvailable';
