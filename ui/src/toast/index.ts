export { Toaster, ToastProvider } from './Toaster';
export type { ToastInput, ToastItem, ToastVariant } from './toastStore';
export { dismissToast, TOAST_RULES, toast } from './toastStore';
export { useToast } from './useToast';
