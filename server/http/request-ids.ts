import {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { redactUrl } from '../log-redaction';
import { markRequestLogger, REQUEST_ID_LOG_KEY } from '../logger';
import { clientRequestId, newRequestId, withRequestId } from '../request-id';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The field of a request's log lines naming the X-Request-Id its caller sent, if any. */
export const CLIENT_REQUEST_ID_LOG_KEY = 'clientRequestId';

/**
 * Fastify's own log lines, but a request to no route names its URL with the secret query
 * parameters redacted, as every other line does (logger.ts).
 */
class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/**
 * Fastify's request ids: always a new id of the server's (request-id.ts), named by every line of
 * the request's logger under REQUEST_ID_LOG_KEY. The caller's X-Request-Id, when it is a short
 * safe token, is named beside it under CLIENT_REQUEST_ID_LOG_KEY.
 */
export const requestIdOptions = () =>
  ({
    requestIdHeader: false,
    genReqId: () => newRequestId(),
    logController: new RedactingLogController({ requestIdLogLabel: REQUEST_ID_LOG_KEY }),
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const clientId = clientRequestId(rawRequest.headers[REQUEST_ID_HEADER]);
      const named = clientId ? { ...bindings, [CLIENT_REQUEST_ID_LOG_KEY]: clientId } : bindings;
      return markRequestLogger(logger.child(named, options));
    },
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
