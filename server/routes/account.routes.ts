import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../http/authentication';
import { clearSessionCookie } from '../http/cookies';
import { type AccountContext, publicUser } from '../services/accounts/account-context';
import {
  accountDeletionStatus,
  confirmAccountDeletion,
  requestAccountDeletion,
} from '../services/accounts/account-deletion.service';
import { confirmEmailChange, initiateEmailChange } from '../services/accounts/email-change.service';
import { localeOf } from '../services/accounts/locale.service';
import {
  forgotPassword,
  initChangePassword,
  resetPassword,
  resetPasswordBody,
} from '../services/accounts/password-reset.service';
import {
  emailPrefsSchema,
  fullNameSchema,
  profile,
  updateEmailPrefs,
  updateNames,
  usernameSchema,
} from '../services/accounts/profile.service';
import {
  changeSignInEmail,
  resendVerification,
  verifyCode,
  verifyLink,
} from '../services/accounts/verification.service';

const body = <T extends z.ZodType>(schema: T, value: unknown) =>
  schema.parse(value ?? {}) as z.infer<T>;
const tokenBody = z.object({ token: z.unknown().optional() });

/** Spec section 7, Account, plus the profile and e-mail preference calls of the account screens. */
export function accountRoutes(context: AccountContext) {
  return async (app: FastifyInstance) => {
    // Hail: a first contact that hands out the CSRF cookie and says who is signed in, if anyone.
    app.get('/api/account/hail', async (request) => {
      const user = await request.currentUser();
      return { ok: true, user: user ? publicUser(user) : null };
    });

    app.post('/api/account/curr', async (request) => {
      const { lang } = body(
        z.object({ ref: z.string().max(2000).optional(), lang: z.string().max(20).optional() }),
        request.body,
      );
      return localeOf(request.headers['accept-language'], lang);
    });

    app.get('/api/account/profile', async (request) => profile(await requireUser(request)));

    app.put('/api/account/username/update', async (request) => {
      const { newUsername } = body(z.object({ newUsername: usernameSchema }), request.body);
      return updateNames(context, await requireUser(request), newUsername);
    });

    app.post('/api/account/update-name-info', async (request) => {
      const { newUsername, newFullName } = body(
        z.object({ newUsername: usernameSchema, newFullName: fullNameSchema }),
        request.body,
      );
      return updateNames(context, await requireUser(request), newUsername, newFullName);
    });

    app.put('/api/account/email-prefs', async (request) =>
      updateEmailPrefs(context, await requireUser(request), body(emailPrefsSchema, request.body)),
    );

    app.get('/api/account/refresh-email-verification', async (request) => ({
      user: publicUser(await requireUser(request)),
    }));

    app.post('/api/account/verify-email', async (request) =>
      verifyLink(context, body(tokenBody, request.body).token),
    );

    app.post('/api/account/resend-email-verification', async (request) => {
      await resendVerification(context, await requireUser(request), request.ip);
      return { ok: true };
    });

    app.post('/api/account/verify-email-code', async (request) => {
      const { verification_code } = body(
        z.object({ verification_code: z.unknown().optional() }),
        request.body,
      );
      return verifyCode(context, await requireUser(request), verification_code, request.ip);
    });

    app.post('/api/account/change-sign-in-email', async (request) => {
      const { new_email } = body(z.object({ new_email: z.unknown().optional() }), request.body);
      return changeSignInEmail(context, await requireUser(request), new_email, request.ip);
    });

    app.post('/api/account/forgot-password', async (request) => {
      await forgotPassword(
        context,
        body(z.object({ email: z.unknown().optional() }), request.body).email,
        request.ip,
      );
      return { ok: true };
    });

    app.post('/api/account/init-change-password', async (request) => {
      await initChangePassword(context, await requireUser(request));
      return { ok: true };
    });

    app.post('/api/account/reset-password', async (request, reply) => {
      await resetPassword(context, body(resetPasswordBody, request.body), request.ip);
      clearSessionCookie(request, reply);
      return { ok: true };
    });

    app.post('/api/account/initiate-primary-email-change', async (request) => {
      const { newEmail } = body(z.object({ newEmail: z.unknown().optional() }), request.body);
      return initiateEmailChange(context, await requireUser(request), newEmail, request.ip);
    });

    app.post('/api/account/confirm-email-change', async (request) =>
      confirmEmailChange(context, body(tokenBody, request.body).token),
    );

    app.get('/api/account/check-account-deletion-status', async (request) =>
      accountDeletionStatus(context, await requireUser(request)),
    );

    app.post('/api/account/request-account-deletion', async (request) =>
      requestAccountDeletion(context, await requireUser(request)),
    );

    app.delete('/api/account/confirm-account-deletion', async (request, reply) => {
      const { deletion_code } = body(
        z.object({ deletion_code: z.unknown().optional() }),
        request.body,
      );
      await confirmAccountDeletion(context, await requireUser(request), deletion_code);
      clearSessionCookie(request, reply);
      return { ok: true };
    });
  };
}
