import type { ReactNode } from 'react';

/** Spec §9 toast rules. */
export const TOAST_RULES = {
  /** One toast at a time: a new one replaces the current one. */
  limit: 1,
  durationMs: 5000,
  /** A dismissed toast stays in the list (closed) this long before it is dropped. */
  removeDelayMs: 1_000_000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
  label: 'Notification',
  maxWidthPx: 420,
} as const;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = { title: ReactNode; description?: ReactNode; variant?: ToastVariant };

export type ToastItem = ToastInput & { id: string; variant: ToastVariant; open: boolean };

type Listener = (toasts: readonly ToastItem[]) => void;

// Module state on purpose: @yoman/ui is one singleton on the page, so the shell and every remote raise
// toasts into the same queue, even from code outside React (an RTK Query lifecycle).
let toasts: readonly ToastItem[] = [];
let nextId = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((item) => item.id !== id));
  }, TOAST_RULES.removeDelayMs);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast without an id. */
export function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast, replacing the one on screen; returns its id and a dismiss function. */
export function toast({ title, description, variant = 'default' }: ToastInput) {
  nextId += 1;
  const id = `toast-${nextId}`;
  const item: ToastItem = { id, title, description, variant, open: true };
  for (const dropped of toasts.slice(TOAST_RULES.limit - 1)) {
    const timer = removalTimers.get(dropped.id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(dropped.id);
  }
  publish([item, ...toasts].slice(0, TOAST_RULES.limit));
  return { id, dismiss: () => dismissToast(id) };
}

export function currentToasts(): readonly ToastItem[] {
  return toasts;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
