import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../context';

/**
 * Counts the audio bytes a tus PATCH delivered once the store took them all (204): the length
 * of its body. Read from the request and answer, not the store, so it costs no storage call
 * whatever the store (a PATCH cut short counts nothing; its retry sends the bytes again).
 */
export function countTusBytes(
  context: Pick<AppContext, 'metrics'>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  if (request.method !== 'PATCH' || response.statusCode !== 204) return;
  const bytes = Number(request.headers['content-length']);
  if (Number.isSafeInteger(bytes) && bytes > 0) {
    context.metrics.uploadBytes.inc({ kind: 'audio' }, bytes);
  }
}

/** Counts the bytes of a picture received as multipart. */
export function countImageBytes(context: Pick<AppContext, 'metrics'>, bytes: number): void {
  context.metrics.uploadBytes.inc({ kind: 'image' }, bytes);
}
