import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../http/authentication';
import type { AccountContext } from '../services/accounts/account-context';
import { localeOf } from '../services/accounts/locale.service';
import { planOf } from '../services/accounts/plan.service';
import {
  cancelPlan,
  changePlan,
  latestInvoice,
  outstandingInvoice,
  paymentMethod,
  payOutstandingInvoice,
  reactivatePlan,
  transactionHistory,
  updatePaymentMethod,
} from '../services/payments/billing.service';
import {
  abandonSubscription,
  activateInvitePlan,
  startOverlayCheckout,
  subscribe,
} from '../services/payments/subscribe.service';
import { paymentConfigOf } from '../services/payments/payment-config.service';
import { activePromosPayload } from '../services/payments/promos.service';
import { receivePaddleEvent } from '../services/payments/paddle-webhooks.service';
import { receiveStripeEvent } from '../services/payments/stripe-webhooks.service';
import { countWebhook } from '../services/payments/webhook-outcomes';

const body = <T extends z.ZodType>(schema: T, value: unknown) =>
  schema.parse(value ?? {}) as z.infer<T>;

/** Spec section 7, Payments and Promos. */
export function paymentRoutes(context: AccountContext) {
  return async (app: FastifyInstance) => {
    app.get('/api/payment/plan', async (request) => planOf(context, await requireUser(request)));
    app.get('/api/payment/config', async () => paymentConfigOf(context.config.payments));
    app.get('/api/payment/transaction-history', async (request) =>
      transactionHistory(context, await requireUser(request)),
    );
    app.get('/api/payment/get-payment-method', async (request) =>
      paymentMethod(context, await requireUser(request)),
    );
    app.get('/api/payment/outstanding-invoice', async (request) =>
      outstandingInvoice(context, await requireUser(request)),
    );
    app.get('/api/payment/get-latest-invoice', async (request) =>
      latestInvoice(context, await requireUser(request)),
    );
    app.post('/api/payment/update-payment-method', async (request) => {
      const input = body(
        z.object({
          stripeToken: z.string().trim().min(1).max(255),
          invoiceId: z.string().trim().max(255).nullish(),
          resolveOutstanding: z.boolean().optional(),
        }),
        request.body,
      );
      return updatePaymentMethod(context, await requireUser(request), {
        stripeToken: input.stripeToken,
        invoiceId: input.invoiceId || null,
        resolveOutstanding: input.resolveOutstanding === true,
      });
    });
    app.post('/api/payment/pay-outstanding-invoice', async (request) => {
      const input = body(z.object({ invoice_id: z.string().trim().min(1).max(255) }), request.body);
      return payOutstandingInvoice(context, await requireUser(request), input.invoice_id);
    });
    app.delete('/api/payment/cancel', async (request) =>
      cancelPlan(context, await requireUser(request)),
    );
    app.post('/api/payment/reactivate-plan', async (request) =>
      reactivatePlan(context, await requireUser(request)),
    );
    app.post('/api/payment/update', async (request) => {
      const input = body(z.object({ plan: z.string().trim().min(1).max(100) }), request.body);
      return changePlan(context, await requireUser(request), input.plan);
    });
    app.post('/api/payment/subscribe', async (request) => {
      const input = body(
        z.object({
          stripeToken: z.string().trim().min(1).max(255),
          plan: z.string().trim().min(1).max(100),
          promoKey: z.string().trim().max(100).nullish(),
        }),
        request.body,
      );
      const user = await requireUser(request);
      const { currency } = localeOf(request.headers['accept-language'], undefined);
      return subscribe(context, user, { ...input, promoKey: input.promoKey || null, currency });
    });
    app.post('/api/payment/abandon-subscription', async (request) =>
      abandonSubscription(context, await requireUser(request)),
    );
    app.post('/api/payment/activate-invite-plan', async (request) => {
      const input = body(
        z.object({
          stripeToken: z.string().trim().min(1).max(255),
          plan: z.string().trim().min(1).max(100),
        }),
        request.body,
      );
      const user = await requireUser(request);
      const { currency } = localeOf(request.headers['accept-language'], undefined);
      return activateInvitePlan(context, user, { ...input, currency });
    });
    app.post('/api/payment/paddle-checkout', async (request) => {
      const input = body(
        z.object({
          plan: z.string().trim().min(1).max(100),
          promoKey: z.string().trim().max(100).nullish(),
        }),
        request.body,
      );
      const user = await requireUser(request);
      return startOverlayCheckout(context, user, {
        plan: input.plan,
        promoKey: input.promoKey || null,
      });
    });
    app.get('/api/promos/get-active-promos', async () => activePromosPayload(new Date()));
  };
}

/**
 * The payment providers' webhooks, in a plugin of their own: they read the body as the raw bytes
 * the provider signed. Not under CSRF: each event proves itself by its signature.
 */
export function paymentWebhookRoutes(context: AccountContext & Pick<AppContext, 'metrics'>) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const raw = (request: FastifyRequest) =>
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (request: FastifyRequest, name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const exempt = { config: { csrfExempt: true } };
    app.post('/api/payment/webhooks/stripe', exempt, async (request) =>
      countWebhook(context, 'stripe', () =>
        receiveStripeEvent(context, raw(request), header(request, 'stripe-signature')),
      ),
    );
    app.post('/api/payment/webhooks/paddle', exempt, async (request) =>
      countWebhook(context, 'paddle', () =>
        receivePaddleEvent(context, raw(request), header(request, 'paddle-signature')),
      ),
    );
  };
}
