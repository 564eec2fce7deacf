import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/authentication';
import type { AccountContext } from '../services/accounts/account-context';
import { planOf } from '../services/accounts/plan.service';
import { activePromosPayload } from '../services/payments/promos.service';

/** Spec section 7, Payments and Promos. */
export function paymentRoutes(context: AccountContext) {
  return async (app: FastifyInstance) => {
    app.get('/api/payment/plan', async (request) => planOf(context, await requireUser(request)));
    app.get('/api/promos/get-active-promos', async () => activePromosPayload(new Date()));
  };
}
