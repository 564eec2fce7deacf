import { z } from 'zod';
import { checkEmail, normalizeEmail } from '../../../core/email-check';
import { createUser } from '../../repositories/users.repository';
import { type AccountContext, isRefusedDomain, publicUser } from './account-context';
import { accountErrors } from '../../errors/account-errors';
import { enforceLimits, LIMITS } from './account-limits';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { startSession } from './sessions.service';
import { sendVerification } from './verification.service';

// Spec section 3's ingress attribution, kept as sent (bounded in size).
const attribution = z
  .object({
    landingPage: z.string().max(2000).optional(),
    referrer: z.string().max(2000).optional(),
    landingQueryArgs: z
      .union([z.string().max(4000), z.record(z.string(), z.string().max(1000))])
      .optional(),
    initialVisitTs: z.number().optional(),
    deviceType: z.string().max(50).optional(),
    browserName: z.string().max(50).optional(),
  })
  .partial()
  .nullish();

export const signUpBody = z.object({
  email: z.string(),
  password1: z.string(),
  password2: z.string(),
  ingressAttribution: attribution.catch(null),
  currPath: z.string().max(2000).optional(),
});

/** Creates the account, signs it in and mails the verification code. */
export async function signUp(
  context: AccountContext,
  body: z.infer<typeof signUpBody>,
  address: string,
) {
  const email = normalizeEmail(body.email);
  await enforceLimits(context.limiter, [
    [`sign-up:email:${email}`, LIMITS.signUpPerAccount],
    [`sign-up:ip:${address}`, LIMITS.signUpPerAddress],
  ]);
  if (checkEmail(email) !== null) throw accountErrors.invalidEmail();
  if (isRefusedDomain(context, email)) throw accountErrors.emailDomainNotPermitted();
  if (body.password1.length < MIN_PASSWORD_LENGTH)
    throw accountErrors.badPassword('Min 5 characters');
  if (body.password1 !== body.password2) throw accountErrors.badPassword('Password Must Match');
  const user = await createUser(context.db, {
    email,
    passwordHash: await hashPassword(body.password1),
    ingressAttribution: body.ingressAttribution ?? null,
    startingVizCredits: context.config.accounts.startingVizCredits,
    startingCanvasCredits: context.config.accounts.startingCanvasCredits,
    startingCanvasCreditsFree: context.config.accounts.startingCanvasCreditsFree,
  });
  if (!user) throw accountErrors.emailInUse();
  await sendVerification(context, user);
  const session = await startSession(context, user.userUuid);
  context.log.info({ userUuid: user.userUuid }, 'account created');
  return { user: publicUser(user), session };
}
