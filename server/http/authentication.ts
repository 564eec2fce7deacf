import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../repositories/users.repository';
import type { AccountContext } from '../services/accounts/account-context';
import { accountErrors } from '../errors/account-errors';
import { userOfSession } from '../services/accounts/sessions.service';
import { SESSION_COOKIE } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; loaded once per request from the session cookie. */
    currentUser(): Promise<UserRow | null>;
  }
}

/** Adds request.currentUser(); requireUser() is the gate for signed-in calls. */
export function registerAuthentication(app: FastifyInstance, context: AccountContext): void {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { userPromise?: Promise<UserRow | null> };
    cache.userPromise ??= userOfSession(context, this.cookies[SESSION_COOKIE]);
    return cache.userPromise;
  });
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.currentUser();
  if (!user) throw accountErrors.notAuthenticated();
  return user;
}
