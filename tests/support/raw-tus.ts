// tus requests sent over plain HTTP, with the request target exactly as written (fetch would
// drop a fragment and resolve dot segments) and, for a PATCH, a body the caller may hold open.
import http from 'node:http';
import type { ApiClient } from './api-client';

export interface TusAnswer {
  status: number;
  offset: string | undefined;
}

/** The signed-in user's cookies and CSRF token, and tus's version header. */
function tusHeaders(api: ApiClient): Record<string, string> {
  return {
    cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrftoken': api.cookies.get('csrftoken') ?? '',
    'tus-resumable': '1.0.0',
  };
}

/**
 * Opens a tus request; a PATCH (given `patch`) declares its body's size and offset, and the
 * caller writes and ends the body itself, so it can hold it open or cut it off.
 */
export function openTusRequest(
  baseUrl: string,
  api: ApiClient,
  method: 'HEAD' | 'PATCH',
  target: string,
  patch?: { offset: number; size: number },
): { request: http.ClientRequest; answer: Promise<TusAnswer> } {
  const { hostname, port } = new URL(baseUrl);
  let request!: http.ClientRequest;
  const answer = new Promise<TusAnswer>((resolve, reject) => {
    request = http.request(
      {
        hostname,
        port,
        method,
        path: target,
        headers: {
          ...tusHeaders(api),
          ...(patch
            ? {
                'upload-offset': String(patch.offset),
                'content-type': 'application/offset+octet-stream',
                'content-length': String(patch.size),
              }
            : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            offset: response.headers['upload-offset'] as string | undefined,
          }),
        );
      },
    );
    request.on('error', reject);
  });
  return { request, answer };
}

/** A tus PATCH of `body` at `offset`, sent whole. */
export function tusPatch(
  baseUrl: string,
  api: ApiClient,
  target: string,
  offset: number,
  body: Buffer,
): Promise<TusAnswer> {
  const { request, answer } = openTusRequest(baseUrl, api, 'PATCH', target, {
    offset,
    size: body.length,
  });
  request.end(body);
  return answer;
}

/** A tus HEAD: the server's offset of the upload. */
export function tusHead(baseUrl: string, api: ApiClient, target: string): Promise<TusAnswer> {
  const { request, answer } = openTusRequest(baseUrl, api, 'HEAD', target);
  request.end();
  return answer;
}
