// The toast queue. The Radix toaster that shows it is the '@yoman/ui/toaster' entry (src/toaster.ts).
export type { ToastInput, ToastItem, ToastVariant } from './toastStore';
export { dismissToast, TOAST_RULES, toast } from './toastStore';
export { useToast } from './useToast';
