// Stripe.js answered by a local stand-in in the browser tests only (issue 12): the page loads
// https://js.stripe.com/<release>/stripe.js through @stripe/stripe-js as it would in production;
// the test answers that request with this script, which offers the part of Stripe.js the app
// uses (elements().create('card'), mount, change events, createPaymentMethod). Its card field
// is three plain inputs where Stripe's is a frame; the PaymentMethod ids it gives are the ones
// Stripe's test mode names, which the local Stripe API server (tests/support) knows.
import type { BrowserContext } from '@playwright/test';

/** Test cards, as Stripe's test mode has them. */
export const TEST_CARDS = { visa: '4242424242424242', declined: '4000000000000002' };

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
        const id = number === '${TEST_CARDS.declined}' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
        return { paymentMethod: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: number.slice(-4) } } };
      },
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** Answers Stripe.js with the stand-in for every page of the context; counts the loads. */
export async function serveStripeJs(context: BrowserContext): Promise<{ loads: () => number }> {
  let loads = 0;
  await context.route('https://js.stripe.com/**', async (route) => {
    loads += 1;
    await route.fulfill({ contentType: 'application/javascript', body: SCRIPT });
  });
  return { loads: () => loads };
}
