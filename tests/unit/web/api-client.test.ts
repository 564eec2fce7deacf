import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
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
