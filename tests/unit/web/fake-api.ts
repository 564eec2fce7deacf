import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer, or a function of the call that gives one; `null` means "no answer" (offline). */
export type FakeRoute = FakeAnswer | null | ((call: FakeCall) => FakeAnswer | null);

/**
 * Replaces the browser's fetch with a server of canned answers keyed "METHOD /path"; unknown
 * routes answer 404. Returns the calls made, in order.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  // A CSRF cookie as the server would have set it, so mutating calls need no hail first.
  document.cookie = 'csrftoken=test-token';
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: FakeCall = {
      method,
      path,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const answer =
      route === undefined
        ? { status: 404, body: { exc: 'NotFound', message: 'No such route' } }
        : typeof route === 'function'
          ? route(call)
          : route;
    if (answer === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? { ok: true }), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    fetch,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** An error answer in the server's shape. */
export const failure = (status: number, exc: string, message = exc): FakeAnswer => ({
  status,
  body: { exc, message },
});
