import type { FastifyInstance } from 'fastify';
import { randomToken, safeEqual } from '../secrets';
import { AppError } from '../errors/app-error';
import { CSRF_COOKIE, CSRF_HEADER, setCsrfCookie } from './cookies';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For callers that cannot hold our cookie (payment webhooks); each must authenticate itself. */
    csrfExempt?: boolean;
    /**
     * For a GET that changes something all the same (the spec fixes log-out as a GET): any site
     * can make a browser send one with a link or an image, so it needs the token too.
     */
    csrfRequired?: boolean;
  }
}

/**
 * Double-submit CSRF protection: every visitor gets a random `csrftoken` cookie on their first
 * answer; every mutating call (and every route marked csrfRequired) must send the same value in
 * X-CSRFToken, or gets 403 CSRFFailed.
 * A page on another site can make the browser send the cookie but cannot read it.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) setCsrfCookie(request, reply, randomToken());
    const { config } = request.routeOptions;
    const needsToken = MUTATING.has(request.method) ? !config.csrfExempt : config.csrfRequired;
    if (!needsToken) return;
    if (request.routeOptions.url === undefined) return; // no such route: the 404 answers
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw new AppError(
        403,
        'CSRFFailed',
        'The request was refused (missing or wrong CSRF token). Reload the page and try again.',
      );
    }
  });
}
