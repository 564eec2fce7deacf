import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';
import { REDACTED, redactUrl } from './log-redaction';
import { currentRequestId } from './request-id';

/** The field naming the request a log line belongs to (Fastify's request logs use it too). */
export const REQUEST_ID_LOG_KEY = 'requestId';

const namesRequest = Symbol('waveframe.logger.namesRequest');

/**
 * Marks a logger whose bindings already name the request (Fastify's per-request logger), so
 * its lines do not name it twice. Pino's children inherit the mark.
 */
export function markRequestLogger<T extends object>(log: T): T {
  (log as Record<symbol, unknown>)[namesRequest] = true;
  return log;
}

/**
 * Every other line written while a request or a job it queued is running (services log through
 * the context's logger, not the request's) gets the request id from request-id.ts.
 */
function requestIdMixin(_line: object, _level: number, log: Logger): object {
  if ((log as unknown as Record<symbol, unknown>)[namesRequest]) return {};
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_LOG_KEY]: requestId } : {};
}

/** A request as Fastify hands it to a log line, or Node's own request. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: { host?: string };
  socket?: { remoteAddress?: string; remotePort?: number };
}

/**
 * A request in a log line: the fields of Fastify's own serializer (which this one replaces), the
 * URL with its secret query parameters redacted (a password-reset link's token, the code and state
 * Google's consent returns with, a signed link's signature).
 */
function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host ?? request.headers?.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Structured JSON logs. Secrets that may pass through requests are redacted: headers, fields
 * named as passwords and tokens, and secret query parameters of every URL a request line names
 * (log-redaction.ts). Tests pass a destination to read the lines.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  role: 'api' | 'worker' | 'cli',
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { role },
      mixin: requestIdMixin,
      serializers: { req: requestForLog },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrftoken"]',
          '*.password',
          '*.password1',
          '*.password2',
          '*.passwordOne',
          '*.passwordTwo',
          '*.token',
          '*.accessToken',
          '*.refreshToken',
        ],
        censor: REDACTED,
      },
    },
    destination,
  );
}
