import { redirect } from '@tanstack/react-router';
import { LOGIN_ROUTE, pathnameOf } from '../../core/redirects';
import type { SessionStore } from '../features/session';

/**
 * The protected-route guard of spec 2: signed in with a stored user record passes; otherwise a
 * login check runs, and a failed or erroring check redirects to /login with the requested path.
 */
export async function requireSignIn(session: SessionStore, requestedHref: string): Promise<void> {
  if (session.isSignedInWithRecord()) return;
  if (await session.loginCheck()) return;
  const keep = pathnameOf(requestedHref) !== LOGIN_ROUTE;
  throw redirect({
    to: LOGIN_ROUTE,
    search: keep ? { redirect: requestedHref } : {},
    replace: true,
  });
}
