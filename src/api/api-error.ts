/** An API call that failed: the HTTP status (0 when no response arrived) and the spec's `exc` name. */
export class ApiError extends Error {
  readonly status: number;
  readonly exc: string | null;
  readonly body: unknown;
  /** Seconds the server asked to wait (Retry-After of a 429), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(args: {
    status: number;
    message: string;
    exc?: string | null;
    body?: unknown;
    retryAfterSeconds?: number | null;
  }) {
    super(args.message);
    this.name = 'ApiError';
    this.status = args.status;
    this.exc = args.exc ?? null;
    this.body = args.body ?? null;
    this.retryAfterSeconds = args.retryAfterSeconds ?? null;
  }

  /** False when the request never got an answer (offline, DNS, aborted). */
  get hasResponse(): boolean {
    return this.status > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Status and `exc` of any thrown value: a thrown non-ApiError counts as "no answer" (status 0). */
export function failureOf(error: unknown): { status: number; exc: string | null } {
  return isApiError(error) ? { status: error.status, exc: error.exc } : { status: 0, exc: null };
}

/** Reads `{exc, message}` from an error body, whatever else it holds. */
export function errorFieldsOf(body: unknown): { exc: string | null; message: string | null } {
  if (body === null || typeof body !== 'object') return { exc: null, message: null };
  const record = body as Record<string, unknown>;
  return {
    exc: typeof record.exc === 'string' ? record.exc : null,
    message: typeof record.message === 'string' ? record.message : null,
  };
}
