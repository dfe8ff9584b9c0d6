// '@yoman/ui/provider': DesignSystemProvider, for a page that mounts the design system in one go (a
// remote's standalone page, tests). It reaches the core, the overlays and the toaster by name only, so it
// holds no state of its own and is not a Module Federation singleton: the shell, which mounts the pieces
// itself (the toaster on the first toast), never downloads the overlays or the toaster for it.
export type { DesignSystemProviderProps } from './DesignSystemProvider';
export { DesignSystemProvider } from './DesignSystemProvider';
