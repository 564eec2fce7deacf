// Where the app goes after login and e-mail verification (spec 2 "Redirect rules").

/** Where signed-in users land by default after logging in or verifying from an entry page. */
export const DEFAULT_SIGNED_IN_ROUTE = '/media';

/** The route the protected-route guard sends signed-out visitors to. */
export const LOGIN_ROUTE = '/login';

/** Pages from which a finished login or verification moves on to DEFAULT_SIGNED_IN_ROUTE. */
export const ENTRY_PATHS: readonly string[] = ['/', '/login', '/sign-up'];

const RETURNABLE_PREFIXES: readonly string[] = ['/audio-reactive', '/single-frame'];
const RETURNABLE_EXACT: readonly string[] = ['/activate/claim'];

/** What a login answer may carry to steer the app (spec 2: pushRoute and nextRoute). */
export interface LoginRouteHint {
  pushRoute?: boolean | null;
  nextRoute?: string | null;
}

/** The path part of a path that may carry a query string or a hash. */
export function pathnameOf(pathWithQuery: string): string {
  const end = pathWithQuery.search(/[?#]/);
  return end === -1 ? pathWithQuery : pathWithQuery.slice(0, end);
}

/** A same-site path that is safe to navigate to, or null (blocks "//host" and absolute URLs). */
export function safeInternalPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** True when a login should return to the requested path (visualizer and single-frame pages, claim). */
export function isReturnableAfterLogin(requestedPath: string): boolean {
  const path = pathnameOf(requestedPath);
  return (
    RETURNABLE_EXACT.includes(path) || RETURNABLE_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/** The route a login result asks for: nextRoute when pushRoute is set, else null. */
export function routeFromLoginResult(hint: LoginRouteHint | null | undefined): string | null {
  if (!hint?.pushRoute) return null;
  return safeInternalPath(hint.nextRoute);
}

/**
 * Where to go after a successful login, or null to stay: the login result's own route first, then
 * a returnable requested path, then /media when the login happened on an entry page.
 */
export function routeAfterLogin(args: {
  currentPath: string;
  requestedPath?: string | null;
  result?: LoginRouteHint | null;
}): string | null {
  const fromResult = routeFromLoginResult(args.result);
  if (fromResult) return fromResult;
  const requested = safeInternalPath(args.requestedPath);
  if (requested && isReturnableAfterLogin(requested)) return requested;
  if (ENTRY_PATHS.includes(pathnameOf(args.currentPath))) return DEFAULT_SIGNED_IN_ROUTE;
  return null;
}

/** Where to go once e-mail verification completes: /media from an entry page, else nowhere. */
export function routeAfterVerification(currentPath: string): string | null {
  return ENTRY_PATHS.includes(pathnameOf(currentPath)) ? DEFAULT_SIGNED_IN_ROUTE : null;
}

/** The login URL the protected-route guard redirects to, keeping the requested path. */
export function loginUrlFor(requestedPath: string): string {
  const requested = safeInternalPath(requestedPath);
  if (!requested || pathnameOf(requested) === LOGIN_ROUTE) return LOGIN_ROUTE;
  return `${LOGIN_ROUTE}?redirect=${encodeURIComponent(requested)}`;
}
