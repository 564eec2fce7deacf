import type { AppContext } from '../context';
import type { MailMessage } from '../repositories/mailer';

/** Sends one queued mail (the send-mail job); a failure throws so the queue retries it. */
export async function deliverMail({ mailer }: Pick<AppContext, 'mailer'>, message: MailMessage) {
  await mailer.send(message);
}
