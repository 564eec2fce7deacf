import * as tus from 'tus-js-client';
import { ApiError } from '../../api/api-error';
import { CSRF_HEADER } from '../../api/csrf';
import { csrfToken } from '../../api/media';
import { TUS_RETRY_DELAYS_MS, uploadChunkBytes } from './upload-settings';

/** A tus failure as an ApiError: the HTTP status of the answer, 0 when none came. */
function asApiError(error: Error): ApiError {
  const response = (error as tus.DetailedError).originalResponse ?? null;
  const status = response ? response.getStatus() : 0;
  let exc: string | null = null;
  let message = error.message;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { exc?: unknown; message?: unknown };
      if (typeof body.exc === 'string') exc = body.exc;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not the API's JSON: keep tus-js-client's message.
    }
  }
  return new ApiError({ status, exc, message });
}

/**
 * Sends a file's bytes to the tus upload the draft created. tus-js-client first asks the
 * upload (HEAD) how much the server has, so an interrupted upload resumes from the last byte
 * the server acknowledged. Resolves once every byte is there; rejects with an ApiError.
 */
export async function sendWithTus(
  file: Blob,
  uploadUrl: string,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = await csrfToken();
  return new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      uploadUrl,
      uploadSize: file.size,
      chunkSize: uploadChunkBytes(),
      retryDelays: TUS_RETRY_DELAYS_MS,
      headers: token ? { [CSRF_HEADER]: token } : {},
      // The queue keeps the upload URL itself (in IndexedDB, with the file).
      storeFingerprintForResuming: false,
      onProgress,
      onSuccess: () => resolve(),
      onError: (error) => reject(asApiError(error)),
    });
    if (signal.aborted) {
      reject(new ApiError({ status: 0, message: 'The upload was stopped' }));
      return;
    }
    signal.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new ApiError({ status: 0, message: 'The upload was stopped' }));
      },
      { once: true },
    );
    upload.start();
  });
}
