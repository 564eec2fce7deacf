import type { FastifyInstance } from 'fastify';
import {
  contactBody,
  sendContactMessage,
  type SupportContext,
} from '../services/support/contact.service';

/** The contact form of /support/contact: public (CSRF still applies, as for sign-up). */
export function supportRoutes(context: SupportContext) {
  return async (app: FastifyInstance) => {
    app.post('/api/support/contact', async (request) =>
      sendContactMessage(context, contactBody.parse(request.body ?? {}), request.ip),
    );
  };
}
