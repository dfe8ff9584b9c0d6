import { type RefObject, useEffect } from 'react';

/** Closes an open popup on Escape or on a pointer press outside `holder`. */
export function useDismiss(open: boolean, close: () => void, holder: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, close, holder]);
}
