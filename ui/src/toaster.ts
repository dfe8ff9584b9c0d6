// '@yoman/ui/toaster': the Radix toaster that shows the toast queue of the core entry. A separate Module
// Federation singleton, so the shell can mount it just after the first paint (Radix Toast and its
// dismissable layer are a fifth of the core's weight); toasts raised before it mounts wait in the queue.
export { Toaster, ToastProvider } from './toast/Toaster';
