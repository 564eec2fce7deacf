import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/authentication';
import type { AccountContext } from '../services/accounts/account-context';
import { planOf } from '../services/accounts/plan.service';

/** Spec section 7, Payments: the plan for now; paid plans arrive with payments. */
export function paymentRoutes(context: AccountContext) {
  return async (app: FastifyInstance) => {
    app.get('/api/payment/plan', async (request) => planOf(context, await requireUser(request)));
  };
}
