import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { logOut } from '../../../src/api/auth';
import { apiRequest, type ApiTransport } from '../../../src/api/client';
import { readCookie } from '../../../src/api/csrf';

function transport(response: Response | Error, cookies = 'csrftoken=tok%2B123; other=1') {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  const value: ApiTransport = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    cookies: () => cookies,
  };
  return { value, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  it('sends cookies and no CSRF header on GET', async () => {
    const { value, fetch } = transport(json({ ok: true }));
    await expect(apiRequest('GET', '/api/x', {}, value)).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)(
    'sends the csrftoken cookie as X-CSRFToken on %s, with a JSON body',
    async (method) => {
      const { value, fetch } = transport(json({}));
      await apiRequest(method, '/api/x', { body: { a: 1 } }, value);
      const init = fetch.mock.calls[0]?.[1];
      const headers = init?.headers as Record<string, string>;
      expect(headers['X-CSRFToken']).toBe('tok+123');
      expect(headers['Content-Type']).toBe('application/json');
      expect(init?.body).toBe('{"a":1}');
      expect(init?.method).toBe(method);
    },
  );

  it('turns an error answer into an ApiError with status, exc and message', async () => {
    const { value } = transport(json({ exc: 'CodeInvalid', message: 'Bad code' }, 403));
    const error = await apiRequest('POST', '/api/x', {}, value).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, exc: 'CodeInvalid', message: 'Bad code' });
    expect((error as ApiError).hasResponse).toBe(true);
  });

  it('copes with error answers that are not JSON', async () => {
    const { value } = transport(new Response('Bad gateway', { status: 502 }));
    const error = (await apiRequest('GET', '/api/x', {}, value).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(502);
    expect(error.exc).toBeNull();
    expect(error.body).toBe('Bad gateway');
  });

  it('reports a request that got no answer as status 0', async () => {
    const { value } = transport(new TypeError('Failed to fetch'));
    const error = (await apiRequest('GET', '/api/x', {}, value).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.hasResponse).toBe(false);
  });

  it('fetches a CSRF cookie with a hail first when a mutating call finds none', async () => {
    let cookies = '';
    const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
      if (String(input) === '/api/account/hail') cookies = 'csrftoken=fresh';
      return Promise.resolve(json({ ok: true }));
    });
    const value: ApiTransport = {
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: () => cookies,
    };
    await apiRequest('POST', '/api/auth/sign-up', { body: {} }, value);
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual([
      '/api/account/hail',
      '/api/auth/sign-up',
    ]);
    expect((fetch.mock.calls[1]?.[1]?.headers as Record<string, string>)['X-CSRFToken']).toBe(
      'fresh',
    );
  });

  it('sends a call refused for its CSRF token once more when the cookie changed meanwhile', async () => {
    let cookies = 'csrftoken=first';
    const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      const sent = (init?.headers as Record<string, string>)['X-CSRFToken'];
      if (sent === 'first') {
        cookies = 'csrftoken=second'; // another answer set a new cookie
        return Promise.resolve(json({ exc: 'CSRFFailed', message: 'refused' }, 403));
      }
      return Promise.resolve(json({ ok: true }));
    });
    const value: ApiTransport = {
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: () => cookies,
    };
    await expect(apiRequest('POST', '/api/x', { body: {} }, value)).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);

    // With an unchanged cookie, the refusal stands.
    const refused = vi.fn(() => Promise.resolve(json({ exc: 'CSRFFailed', message: 'no' }, 403)));
    const steady: ApiTransport = {
      fetch: refused as unknown as typeof globalThis.fetch,
      cookies: () => 'csrftoken=same',
    };
    await expect(apiRequest('POST', '/api/x', {}, steady)).rejects.toMatchObject({
      status: 403,
      exc: 'CSRFFailed',
    });
    expect(refused).toHaveBeenCalledOnce();
  });

  it('sends requests one at a time until the first answer has set the CSRF cookie', async () => {
    let cookies = '';
    let issued = 0;
    const answers: Array<() => void> = [];
    const fetch = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answers.push(() => {
            // Like the server: a request without the cookie gets a new token.
            if (!cookies) cookies = `csrftoken=t${++issued}`;
            resolve(json({ ok: true }));
          });
        }),
    );
    const value: ApiTransport = {
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: () => cookies,
    };
    const check = apiRequest('GET', '/api/auth/user', {}, value);
    const post = apiRequest('POST', '/api/account/forgot-password', { body: {} }, value);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1)); // the others wait
    answers.shift()?.();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answers.shift()?.();
    await Promise.all([check, post]);
    expect(issued).toBe(1);
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual([
      '/api/auth/user',
      '/api/account/forgot-password',
    ]);
    expect((fetch.mock.calls[1]?.[1]?.headers as Record<string, string>)['X-CSRFToken']).toBe('t1');
  });

  it('keeps the Retry-After of a 429', async () => {
    const { value } = transport(
      new Response(JSON.stringify({ exc: 'TooManyRequests', message: 'Slow down' }), {
        status: 429,
        headers: { 'Retry-After': '42' },
      }),
    );
    const error = (await apiRequest('POST', '/api/x', {}, value).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('answers null for an empty body', async () => {
    const { value } = transport(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/x', {}, value)).resolves.toBeNull();
  });
});

describe('readCookie', () => {
  it('finds one cookie among many', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc; b=2')).toBe('abc');
    expect(readCookie('csrftoken', 'xcsrftoken=abc')).toBeNull();
    expect(readCookie('csrftoken', '')).toBeNull();
  });
});

describe('logOut', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The spec fixes log-out as a GET; the server refuses it without the token (so a link or an
  // image on another site cannot sign anyone out), so the app's own call must send it.
  it('sends the csrftoken cookie as X-CSRFToken, on the GET the spec fixes', async () => {
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(json({ ok: true })),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'csrftoken=tok%2B123' });
    await expect(logOut()).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/auth/log-out');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBe('tok+123');
  });
});
