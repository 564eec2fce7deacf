import { useRouterState } from '@tanstack/react-router';

export interface CurrentLocation {
  pathname: string;
  /** Path, query and hash: what the login and sign-up calls send as currPath. */
  href: string;
  /** The path the protected-route guard kept in `?redirect=`, if any. */
  requestedPath: string | null;
  /** One query parameter, read from the raw query string (never JSON-parsed). */
  param: (name: string) => string | null;
}

/** Where the visitor is now, as the login and verification rules need it. */
export function useCurrentLocation(): CurrentLocation {
  const location = useRouterState({ select: (state) => state.location });
  const query = new URLSearchParams(location.searchStr);
  return {
    pathname: location.pathname,
    href: location.href,
    requestedPath: query.get('redirect'),
    param: (name) => query.get(name),
  };
}
