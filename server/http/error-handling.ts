import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error';

export interface ErrorBody {
  exc: string;
  message: string;
}

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/** Every error leaves as JSON `{ exc, message }` with its HTTP status, never with a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const body = toErrorBody(error);
    if (error instanceof AppError) reply.headers(error.headers);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ exc: body.exc, status: body.status }, body.message);
    return reply
      .status(body.status)
      .send({ exc: body.exc, message: body.message } satisfies ErrorBody);
  });
}

function toErrorBody(error: FastifyError | Error): ErrorBody & { status: number } {
  if (error instanceof AppError)
    return { status: error.statusCode, exc: error.exc, message: error.message };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return {
      status: 400,
      exc: 'InvalidData',
      message: `${where}${issue?.message ?? 'Invalid data'}`,
    };
  }
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) return { status, exc: 'ServerError', message: GENERIC_SERVER_ERROR };
  // Fastify's own client errors (bad JSON, body too large, ...): their message is safe to show.
  return {
    status,
    exc: fastifyExcName(status, 'code' in error ? error.code : undefined),
    message: error.message,
  };
}

function fastifyExcName(status: number, code: string | undefined): string {
  if (status === 413) return 'PayloadTooLarge';
  if (status === 415) return 'UnsupportedMediaType';
  if (status === 429) return 'TooManyRequests';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'InvalidData';
  if (status === 404) return 'NotFound';
  return 'BadRequest';
}
