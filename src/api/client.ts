import { ApiError, errorFieldsOf } from './api-error';
import { CSRF_COOKIE, CSRF_HEADER, isMutatingMethod, readCookie } from './csrf';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/** What the client needs from the browser; tests pass their own. */
export interface ApiTransport {
  fetch: typeof fetch;
  cookies: () => string;
}

const browserTransport: ApiTransport = {
  fetch: (...args) => fetch(...args),
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
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
  if (isMutatingMethod(method)) {
    const token = readCookie(CSRF_COOKIE, transport.cookies());
    if (token) headers[CSRF_HEADER] = token;
  }

  let response: Response;
  try {
    response = await transport.fetch(path, init);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network request failed';
    throw new ApiError({ status: 0, message });
  }

  const body = await readBody(response);
  if (!response.ok) {
    const { exc, message } = errorFieldsOf(body);
    throw new ApiError({
      status: response.status,
      exc,
      message: message ?? `${method} ${path} failed with ${response.status}`,
      body,
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
