import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToToasts, toast } from './toastStore';

/** `toast({ title, description?, variant? })` from any component; `toasts` is what the Toaster shows. */
export function useToast() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts, currentToasts);
  return { toast, dismiss: dismissToast, toasts };
}
