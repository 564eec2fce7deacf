import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** Structured JSON logs. Secrets that may pass through requests are redacted. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  role: 'api' | 'worker' | 'cli',
): Logger {
  return pino({
    level: config.logLevel,
    base: { role },
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
      ],
      censor: '[redacted]',
    },
  });
}
