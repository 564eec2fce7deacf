// Where this context reads the site's cookies (the CSRF token's double-submit cookie). A page has
// document.cookie. A service worker has no document: in Chromium it reads them through the Cookie
// Store API; elsewhere the page that wakes it hands over the token (rememberCsrfToken), and that
// is the cookie string it sees.
import { CSRF_COOKIE } from './csrf';

interface CookieStoreLike {
  getAll(): Promise<{ name: string; value: string }[]>;
}

let handedOver: string | null = null;

/** In a service worker without the Cookie Store API: the token a page handed over. */
export function rememberCsrfToken(token: string | null): void {
  if (token) handedOver = token;
}

/** The cookie string of this context, as `name=value; …`. */
export async function contextCookies(): Promise<string> {
  if (typeof document !== 'undefined') return document.cookie;
  const store = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  if (store) {
    try {
      const cookies = await store.getAll();
      return cookies.map(({ name, value }) => `${name}=${encodeURIComponent(value)}`).join('; ');
    } catch {
      // Fall through to the token a page handed over.
    }
  }
  return handedOver ? `${CSRF_COOKIE}=${encodeURIComponent(handedOver)}` : '';
}
