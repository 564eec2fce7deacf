import { z } from 'zod';
import {
  checkContactForm,
  cleanContactName,
  contactTopicLabel,
  type ContactFields,
} from '../../../core/contact-form';
import { normalizeEmail } from '../../../core/email-check';
import type { AppContext } from '../../context';
import { invalidData } from '../../errors/app-error';
import type { Limit, RateLimiter } from '../../repositories/rate-limiter';
import { enforceLimits } from '../accounts/account-limits';
import { contactMail } from './contact-mail';

export type SupportContext = Pick<AppContext, 'queue' | 'config' | 'log'> & {
  limiter: RateLimiter;
};

/** A visitor may write a few messages an hour; an address (a shared network) a few more. */
export const CONTACT_RATE_LIMITS = {
  perEmail: { max: 3, windowSeconds: 3600 },
  perAddress: { max: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

// Lengths are bounded here only against abuse; the form's own rules (core/contact-form.ts)
// give the reasons people read.
export const contactBody = z.object({
  name: z.string().max(1000),
  email: z.string().max(1000),
  topic: z.string().max(100),
  message: z.string().max(20_000),
  /** The honeypot: hidden from people, filled by bots. */
  website: z.string().max(2000).optional(),
});

export type ContactBody = z.infer<typeof contactBody>;

/**
 * Queues a visitor's message to the support address. A filled honeypot is answered as a success
 * with nothing sent, so a bot learns nothing; everything else is checked and limited first.
 */
export async function sendContactMessage(
  context: SupportContext,
  body: ContactBody,
  clientAddress: string,
): Promise<{ received: true }> {
  if (body.website && body.website.trim() !== '') {
    context.log.info({ clientAddress }, 'contact form honeypot filled: nothing sent');
    return { received: true };
  }
  const fields: ContactFields = { ...body, email: normalizeEmail(body.email) };
  const errors = checkContactForm(fields);
  const firstProblem = Object.entries(errors)[0];
  if (firstProblem) throw invalidData(`${firstProblem[0]}: ${firstProblem[1]}`);
  await enforceLimits(context.limiter, [
    [`support-contact:ip:${clientAddress}`, CONTACT_RATE_LIMITS.perAddress],
    [`support-contact:email:${fields.email}`, CONTACT_RATE_LIMITS.perEmail],
  ]);
  await context.queue.send(
    'send-mail',
    contactMail(context.config.supportEmail, {
      name: cleanContactName(fields.name),
      email: fields.email,
      topicLabel: contactTopicLabel(fields.topic)!,
      message: fields.message.trim(),
    }),
  );
  context.log.info({ topic: fields.topic }, 'contact message queued');
  return { received: true };
}
