import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { markRequestLogger, REQUEST_ID_LOG_KEY } from '../logger';
import { acceptRequestId, withRequestId } from '../request-id';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's request ids: the caller's X-Request-Id when it is a short safe token (a proxy's or
 * a client's, so one id follows a request through every tier), else a new one; every line of the
 * request's logger names it under REQUEST_ID_LOG_KEY.
 */
export const requestIdOptions = () =>
  ({
    requestIdHeader: false,
    genReqId: (request) => acceptRequestId(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_KEY }),
    childLoggerFactory: (logger, bindings, options) =>
      markRequestLogger(logger.child(bindings, options)),
  }) satisfies FastifyServerOptions;

/**
 * Answers the id in X-Request-Id and makes it the current request id (request-id.ts) for the
 * request's work: what services log, and the jobs they queue, carry it.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // On the Node response, so replies that tus writes itself (hijacked) carry it too.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
  // Reading a body leaves the asynchronous context the request started in: enter it again.
  app.addHook('preValidation', (request, _reply, done) => withRequestId(request.id, done));
}
