import {
  errorMessageOf,
  newIdempotencyKey,
  type RegisterArgs,
  toast,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
} from '@yoman/ui';
import { useRef } from 'react';

type LoginBody = Parameters<ReturnType<typeof useLoginMutation>[0]>[0];
type RegisterBody = RegisterArgs['body'];

// The toasts of spec §8, word for word. A successful call stores the user in the api cache, and the
// route guards move the page: /auth sends a signed-in user on, the layout sends a signed-out one to /auth.

/** Logs in and says so: 'התחברת בהצלחה' / 'ברוך הבא <name>', or 'שגיאה בהתחברות' with the server's message. */
export function useSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const signIn = async (body: LoginBody) => {
    try {
      const user = await login(body).unwrap();
      toast({ title: 'התחברת בהצלחה', description: `ברוך הבא ${user.displayName}`, variant: 'success' });
    } catch (error) {
      toast({ title: 'שגיאה בהתחברות', description: errorMessageOf(error), variant: 'destructive' });
    }
  };
  return { signIn, pending: isLoading };
}

/**
 * Registers: 'נרשמת בהצלחה' / 'ברוך הבא למערכת <name>', or 'שגיאה ברישום' with the message. Every try of the
 * form sends one idempotency key, so a try whose account was stored despite a 503 signs in to it on the next.
 */
export function useRegisterAccount() {
  const [register, { isLoading }] = useRegisterMutation();
  const key = useRef<string | null>(null);
  const registerAccount = async (body: RegisterBody) => {
    key.current ??= newIdempotencyKey();
    try {
      const user = await register({ body, idempotencyKey: key.current }).unwrap();
      key.current = null;
      toast({
        title: 'נרשמת בהצלחה',
        description: `ברוך הבא למערכת ${user.displayName}`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'שגיאה ברישום', description: errorMessageOf(error), variant: 'destructive' });
    }
  };
  return { registerAccount, pending: isLoading };
}

/** Logs out: 'התנתקת מהמערכת' / 'נתראה בפעם הבאה!', or 'שגיאה בהתנתקות' with the message. */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const signOut = async () => {
    try {
      await logout().unwrap();
      toast({ title: 'התנתקת מהמערכת', description: 'נתראה בפעם הבאה!', variant: 'success' });
    } catch (error) {
      toast({ title: 'שגיאה בהתנתקות', description: errorMessageOf(error), variant: 'destructive' });
    }
  };
  return { signOut, pending: isLoading };
}
