import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The id of the request (or of the job a request queued) whose work is running, for the logs:
// every line written while serving a request, and while running the jobs it queued, names it.

const scope = new AsyncLocalStorage<{ requestId: string | undefined }>();

/** An X-Request-Id a client or proxy may send: short, and nothing a log line could trip on. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * A request's id: always the server's own, new and unique. A caller's X-Request-Id never becomes
 * it: anyone can send one, so a caller could give its request another request's id and mix its
 * lines into that request's log.
 */
export function newRequestId(): string {
  return randomUUID();
}

/**
 * The caller's X-Request-Id when it is a short safe token (a proxy's or a client's), logged beside
 * the server's id so the two tiers' logs can be matched; undefined otherwise.
 */
export function clientRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : undefined;
}

/** Runs `work` with `requestId` as the current request id (none when undefined). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return scope.run({ requestId }, work);
}

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
