// Stripe.js answered by a local stand-in in the browser tests only (issue 12): the page loads
// https://js.stripe.com/<release>/stripe.js through @stripe/stripe-js as it would in production;
// the test answers that request with this script, which offers the part of Stripe.js the app
// uses (elements().create('card'), mount, change events, createPaymentMethod, and for Stripe's
// incomplete-payment flow confirmCardPayment and handleNextAction). Its card field is three
// plain inputs where Stripe's is a frame; the PaymentMethod ids it gives are the ones Stripe's
// test mode names, which the local Stripe API server (tests/support) knows. Like Stripe.js it
// calls https://api.stripe.com with the publishable key and the payment's client secret; the
// test routes those calls to the local server. A payment that needs 3-D Secure opens the
// challenge as Stripe's test page does: "Complete authentication", "Fail authentication", or
// close it (which Stripe counts as a failed challenge).
import type { BrowserContext } from '@playwright/test';
import { STRIPE_STAND_IN_URL } from '../support/e2e-servers';

/** Test cards, as Stripe's test mode has them. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  /** Its bank asks for 3-D Secure on every payment. */
  authentication: '4000002760003184',
};

/** The 3-D Secure challenge's dialog, as the stand-in shows it. */
export const CHALLENGE_NAME = '3D Secure authentication';

const SCRIPT = String.raw`
(() => {
  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  };
  function createCard() {
    const handlers = {};
    const fields = {};
    const state = () => {
      const number = (fields.number?.value ?? '').replace(/\D/g, '');
      const expiry = fields.expiry?.value ?? '';
      const cvc = fields.cvc?.value ?? '';
      const error = number.length >= 16 && !luhn(number)
        ? { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' }
        : undefined;
      const complete = !error && number.length === 16 && /^\d\d\s*\/\s*\d\d$/.test(expiry) && /^\d{3,4}$/.test(cvc);
      return { number, complete, error };
    };
    return {
      _number: () => state().number,
      mount(target) {
        const root = typeof target === 'string' ? document.querySelector(target) : target;
        root.style.display = 'flex';
        root.style.gap = '8px';
        for (const [name, label, width] of [['number', 'Card number', '60%'], ['expiry', 'MM / YY', '22%'], ['cvc', 'CVC', '18%']]) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.placeholder = label;
          input.style.width = width;
          input.style.border = '0';
          input.style.background = 'transparent';
          input.style.color = 'inherit';
          input.style.font = 'inherit';
          input.addEventListener('input', () => {
            const { complete, error } = state();
            for (const handler of handlers.change ?? []) {
              handler({ elementType: 'card', empty: false, complete, error });
            }
          });
          fields[name] = input;
          root.appendChild(input);
        }
        for (const handler of handlers.ready ?? []) handler({ elementType: 'card' });
      },
      on(event, handler) { (handlers[event] ??= []).push(handler); return this; },
      off() { return this; },
      focus() { fields.number?.focus(); },
      destroy() { for (const input of Object.values(fields)) input.remove(); },
      unmount() { for (const input of Object.values(fields)) input.remove(); },
    };
  }
  const intentOf = (clientSecret) => clientSecret.split('_secret_')[0];
  function Stripe(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) {
      throw new Error('Invalid API Key provided: ' + key);
    }
    return {
      elements: () => ({ create: (type) => createCard(type) }),
      async createPaymentMethod({ card }) {
        const number = card._number();
        if (!luhn(number)) {
          return { error: { type: 'validation_error', message: 'Your card number is invalid.' } };
        }
        const id = number === '${TEST_CARDS.declined}' ? 'pm_card_chargeDeclined'
          : number === '${TEST_CARDS.authentication}' ? 'pm_card_authenticationRequired' : 'pm_card_visa';
        return { paymentMethod: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: number.slice(-4) } } };
      },
      async confirmCardPayment(clientSecret, data) {
        const answer = await api('POST', '/v1/payment_intents/' + intentOf(clientSecret) + '/confirm', {
          client_secret: clientSecret,
          payment_method: data?.payment_method ?? '',
        });
        return answer.error ? { error: answer.error } : finish(answer, clientSecret);
      },
      async handleNextAction({ clientSecret }) {
        const intent = await api('GET', '/v1/payment_intents/' + intentOf(clientSecret), { client_secret: clientSecret });
        return intent.error ? { error: intent.error } : finish(intent, clientSecret);
      },
      _registerWrapper() {},
    };

    async function api(method, path, params) {
      const query = new URLSearchParams({ key, ...params });
      const response = method === 'GET'
        ? await fetch('https://api.stripe.com' + path + '?' + query)
        : await fetch('https://api.stripe.com' + path, {
            method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query,
          });
      return response.json();
    }

    /** After a confirmation: the challenge when the bank asks for one, then the outcome. */
    async function finish(intent, clientSecret) {
      if (intent.status === 'requires_action') {
        const result = await challenge();
        // Closing Stripe's challenge fails it, as its "Fail authentication" button does.
        await api('POST', '/_stand-in/3ds/' + intent.id, { result: result === 'complete' ? 'complete' : 'fail' });
        intent = await api('GET', '/v1/payment_intents/' + intent.id, { client_secret: clientSecret });
      }
      if (intent.status === 'succeeded' || intent.status === 'processing') return { paymentIntent: intent };
      return { error: intent.last_payment_error ?? { type: 'card_error', message: 'Your card was declined.' } };
    }

    function challenge() {
      return new Promise((resolve) => {
        const backdrop = document.createElement('div');
        backdrop.style.position = 'fixed';
        backdrop.style.inset = '0';
        backdrop.style.background = 'rgba(0,0,0,0.5)';
        backdrop.style.display = 'grid';
        backdrop.style.placeItems = 'center';
        backdrop.style.zIndex = '2147483647';
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', '${CHALLENGE_NAME}');
        dialog.style.background = 'white';
        dialog.style.color = 'black';
        dialog.style.padding = '24px';
        dialog.style.borderRadius = '8px';
        dialog.style.font = '16px system-ui, sans-serif';
        const title = document.createElement('p');
        title.textContent = 'Test 3D Secure 2 challenge page';
        dialog.appendChild(title);
        const done = (result) => { backdrop.remove(); resolve(result); };
        for (const [label, result] of [['Complete authentication', 'complete'], ['Fail authentication', 'fail'], ['Close', 'close']]) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = label;
          button.style.margin = '4px';
          button.addEventListener('click', () => done(result));
          dialog.appendChild(button);
        }
        backdrop.appendChild(dialog);
        document.body.appendChild(backdrop);
      });
    }
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/**
 * Answers Stripe.js with the stand-in for every page of the context, and Stripe.js's calls of
 * https://api.stripe.com with the local Stripe API server; counts the loads.
 */
export async function serveStripeJs(context: BrowserContext): Promise<{ loads: () => number }> {
  let loads = 0;
  await context.route('https://js.stripe.com/**', async (route) => {
    loads += 1;
    await route.fulfill({ contentType: 'application/javascript', body: SCRIPT });
  });
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${STRIPE_STAND_IN_URL}${url.pathname}${url.search}`,
    });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
  return { loads: () => loads };
}
