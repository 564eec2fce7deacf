// The bytes of a resumable upload (audio and video clips), by the tus protocol over fetch, so the
// same code runs in a page and in the service worker (which has no XMLHttpRequest, and where
// tus-js-client does not load). A start asks the upload how much the server holds (HEAD), then
// sends the rest in chunks (PATCH at that offset); progress is reported per chunk. An interrupted
// upload therefore resumes from the server's offset, whoever sends it next.
import { ApiError, errorFieldsOf } from './api-error';
import { csrfToken } from './client';
import { CSRF_HEADER } from './csrf';

const TUS_VERSION = '1.0.0';

/** Thrown between two chunks when the sender asked to pause (the rest is sent later). */
export class TusPaused extends Error {
  constructor() {
    super('The upload paused between two chunks');
  }
}

export interface TusSendOptions {
  /** Bytes per PATCH: what a dropped connection can cost at most. */
  chunkBytes: number;
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
  /** Asked between chunks: true pauses the upload (TusPaused) with every sent byte kept. */
  shouldPause?: () => boolean;
}

async function failure(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not the API's JSON (tus's own plain-text answers): the status says enough.
  }
  const { exc, message } = errorFieldsOf(body);
  return new ApiError({
    status: response.status,
    exc,
    message: message ?? `The upload was refused (${response.status})`,
    body,
  });
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (cause) {
    const stopped = init.signal?.aborted;
    throw new ApiError({
      status: 0,
      message: stopped
        ? 'The upload was stopped'
        : cause instanceof Error
          ? cause.message
          : 'Network request failed',
    });
  }
}

/** How many bytes of the upload the server holds. */
async function serverOffset(url: string, signal: AbortSignal): Promise<number> {
  const response = await request(url, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': TUS_VERSION },
    signal,
  });
  if (!response.ok) throw await failure(response);
  const offset = Number(response.headers.get('Upload-Offset'));
  if (!Number.isInteger(offset) || offset < 0) {
    throw new ApiError({ status: response.status, message: 'The upload has no offset' });
  }
  return offset;
}

/** Sends the file's bytes the server does not hold yet; resolves once it holds all of them. */
export async function sendWithTus(file: Blob, uploadUrl: string, options: TusSendOptions) {
  const { signal } = options;
  let offset = await serverOffset(uploadUrl, signal);
  options.onProgress(offset, file.size);
  while (offset < file.size) {
    if (options.shouldPause?.()) throw new TusPaused();
    const chunk = file.slice(offset, offset + options.chunkBytes);
    const token = await csrfToken();
    const response = await request(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': TUS_VERSION,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        ...(token ? { [CSRF_HEADER]: token } : {}),
      },
      body: chunk,
      signal,
    });
    if (response.status === 409) {
      // Another sender (a tab, or the service worker before an update) moved the offset on.
      offset = await serverOffset(uploadUrl, signal);
      options.onProgress(offset, file.size);
      continue;
    }
    if (!response.ok) throw await failure(response);
    const next = Number(response.headers.get('Upload-Offset'));
    offset = Number.isInteger(next) && next > offset ? next : offset + chunk.size;
    options.onProgress(offset, file.size);
  }
}
