import { errorFieldsOf, isApiError } from '../../api/api-error';

/** The server's message for a refused value, without the field path ("newUsername: …"). */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.hasResponse || error.status >= 500) return fallback;
  const { message } = errorFieldsOf(error.body);
  return message ? message.replace(/^[\w.]+: /, '') : fallback;
}
