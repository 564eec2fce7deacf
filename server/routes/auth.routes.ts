import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/authentication';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../http/cookies';
import { type AccountContext, publicUser } from '../services/accounts/account-context';
import { logIn, logInBody } from '../services/accounts/log-in.service';
import { endSession } from '../services/accounts/sessions.service';
import { signUp, signUpBody } from '../services/accounts/sign-up.service';

/** Spec section 7, Auth. */
export function authRoutes(context: AccountContext) {
  return async (app: FastifyInstance) => {
    app.post('/api/auth/log-in', async (request, reply) => {
      const result = await logIn(context, logInBody.parse(request.body), request.ip);
      setSessionCookie(request, reply, result.session.id, result.session.expiresAt);
      return result.answer;
    });

    app.post('/api/auth/sign-up', async (request, reply) => {
      const result = await signUp(context, signUpBody.parse(request.body), request.ip);
      setSessionCookie(request, reply, result.session.id, result.session.expiresAt);
      return reply.status(201).send({ user: result.user });
    });

    // The log-in check: 200 with the user, or 401 when signed out.
    const currentUser = async (request: Parameters<typeof requireUser>[0]) => ({
      user: publicUser(await requireUser(request)),
    });
    app.get('/api/auth/', currentUser);
    app.get('/api/auth/user', currentUser);

    // Its HEAD twin (Fastify's, same config) needs the token as well.
    app.get('/api/auth/log-out', { config: { csrfRequired: true } }, async (request, reply) => {
      await endSession(context, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return { ok: true };
    });
  };
}
