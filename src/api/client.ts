import { ApiError, errorFieldsOf } from './api-error';
import { contextCookies } from './cookie-source';
import { CSRF_COOKIE, CSRF_HEADER, isMutatingMethod, readCookie } from './csrf';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Send the CSRF token on a GET too: the spec's log-out is a GET, and the server asks for it. */
  csrf?: boolean;
}

/** What the client needs from the browser (a page or the service worker); tests pass their own. */
export interface ApiTransport {
  fetch: typeof fetch;
  cookies: () => string | Promise<string>;
}

const browserTransport: ApiTransport = {
  fetch: (...args) => fetch(...args),
  cookies: contextCookies,
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The path whose answer hands a first-time visitor the CSRF cookie. */
export const HAIL_PATH = '/api/account/hail';

const firstContacts = new WeakMap<ApiTransport, Promise<unknown>>();

/**
 * Runs a request, one at a time while the browser has no CSRF cookie yet. The server gives each
 * cookie-less request its own new token and the last answer's cookie wins, so requests that left
 * together could echo a token that is no longer the cookie; one at a time, the first answer's
 * cookie is the one every later request sees.
 */
async function viaFirstContact<T>(transport: ApiTransport, request: () => Promise<T>): Promise<T> {
  for (;;) {
    if (readCookie(CSRF_COOKIE, await transport.cookies())) return request();
    const pending = firstContacts.get(transport);
    if (!pending) break;
    await pending.catch(() => undefined);
  }
  const contact = request();
  firstContacts.set(transport, contact);
  try {
    return await contact;
  } finally {
    if (firstContacts.get(transport) === contact) firstContacts.delete(transport);
  }
}

/**
 * The CSRF token for a mutating call (also for calls made outside apiRequest: multipart, tus);
 * without a cookie yet, a hail fetches one first.
 */
export async function csrfToken(
  transport: ApiTransport = browserTransport,
): Promise<string | null> {
  const cookie = async () => readCookie(CSRF_COOKIE, await transport.cookies());
  if (!(await cookie())) {
    // After another first contact the cookie is there; else a hail is the first contact. No
    // answer means no connection: the real call then reports it.
    const hail = async () => {
      if (await cookie()) return;
      await transport.fetch(HAIL_PATH, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
    };
    await viaFirstContact(transport, hail).catch(() => undefined);
  }
  return cookie();
}

function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Calls the API on this origin with cookies, a CSRF header on mutating calls, and typed errors. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
  transport: ApiTransport = browserTransport,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const withToken = options.csrf ?? isMutatingMethod(method);
  const sentToken = withToken ? await csrfToken(transport) : null;
  if (sentToken) headers[CSRF_HEADER] = sentToken;

  const send = async (): Promise<Response> => {
    try {
      return await viaFirstContact(transport, () => transport.fetch(path, init));
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : 'Network request failed';
      throw new ApiError({ status: 0, message });
    }
  };

  let response = await send();
  let body = await readBody(response);
  // Another tab's first contact can still replace the cookie under a call: a call refused for
  // its token is sent once more with the cookie's current value (the server refused it before
  // doing anything, so a second try is safe).
  if (withToken && response.status === 403 && errorFieldsOf(body).exc === 'CSRFFailed') {
    const current = readCookie(CSRF_COOKIE, await transport.cookies());
    if (current && current !== sentToken) {
      headers[CSRF_HEADER] = current;
      response = await send();
      body = await readBody(response);
    }
  }

  if (!response.ok) {
    const { exc, message } = errorFieldsOf(body);
    throw new ApiError({
      status: response.status,
      exc,
      message: message ?? `${method} ${path} failed with ${response.status}`,
      body,
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('DELETE', path, { ...options, body }),
};
