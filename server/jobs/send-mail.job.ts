import { z } from 'zod';
import { deliverMail } from '../services/mail.service';
import { defineJob } from './job-definition';

/** Mail leaves through the queue so a slow or failing SMTP server never blocks a request. */
export const sendMailJob = defineJob({
  name: 'send-mail',
  data: z.object({
    to: z.email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
    replyTo: z.email().optional(),
  }),
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  expireInSeconds: 120,
  async handle(message, _run, context) {
    await deliverMail(context, message);
  },
});
