import { useGetUserQuery } from '@yoman/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { CentredLoading } from './CentredLoading';
import { SessionFailed } from './SessionFailed';

/** The user the session answers with (GET /api/user). */
export type SessionUser = NonNullable<ReturnType<typeof useGetUserQuery>['data']>;

/**
 * Signed-in users only: 'טוען...' while the session loads, /auth without a user (spec §2). When the session
 * could not be checked at all (a server error, no connection), an error with a retry instead: sending a
 * signed-in user to the sign-in form would tell them they were signed out.
 */
export function ProtectedRoute() {
  const { data: user, isLoading, isError, refetch } = useGetUserQuery();
  if (isLoading) return <CentredLoading />;
  if (!user) {
    // A user already known stays on their page if a later check fails; the next request will tell.
    if (isError) return <SessionFailed onRetry={() => void refetch()} />;
    return <Navigate to="/auth" replace />;
  }
  return <Outlet />;
}

/**
 * The sign-in page, which sends a user who is already signed in to /. When the session could not be checked,
 * the form stays: signing in is the way forward, and its own answer says whether the server is back.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <CentredLoading />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

/** The signed-in user; only for screens under ProtectedRoute, where a user always exists. */
export function useSignedInUser(): SessionUser {
  const { data: user } = useGetUserQuery();
  if (!user) throw new Error('useSignedInUser is only for screens behind ProtectedRoute');
  return user;
}

/** The student dashboard; whichever remote serves it, mentors are sent to their own area (spec §2). */
export const STUDENT_DASHBOARD = '/home';

/** Where / leads: mentors to their area, everyone else to the dashboard at /home (spec §2 route table). */
export function landingPathFor(user: Pick<SessionUser, 'role'>): string {
  return user.role === 'mentor' ? '/mentor' : STUDENT_DASHBOARD;
}

/** Where the shell sends a user who opens `pathname`, or null when it shows that page: a mentor on the dashboard goes to /mentor. */
export function sentElsewhere(user: Pick<SessionUser, 'role'>, pathname: string): string | null {
  const onDashboard = pathname === STUDENT_DASHBOARD || pathname.startsWith(`${STUDENT_DASHBOARD}/`);
  return onDashboard && user.role === 'mentor' ? '/mentor' : null;
}

export function RootRedirect() {
  return <Navigate to={landingPathFor(useSignedInUser())} replace />;
}
