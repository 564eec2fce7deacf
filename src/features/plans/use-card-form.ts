// The card form of the card payment provider: Stripe.js (stripe-js.ts), loaded only when a screen
// with a card form mounts. The card number never touches our page or server: Stripe's card
// element lives in its own frame, and what we send on is the PaymentMethod id it gives (the
// stripeToken of subscribe and update-payment-method); a payment Stripe then waits for is
// completed on the page with the same Stripe.js (3-D Secure where the bank asks for it).
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { CARD_FORM_FAILED, completePayment, loadStripeJs } from './stripe-js';

export type CardFormStatus = 'loading' | 'ready' | 'failed';

export interface CardForm {
  /** A callback ref for the element the card field mounts into. */
  mount: (element: HTMLDivElement | null) => void;
  status: CardFormStatus;
  /** True once the card number, expiry and CVC are complete and valid. */
  complete: boolean;
  /** What the card field says is wrong with what was typed, as the user types. */
  fieldError: string | null;
  /** The PaymentMethod id of the card typed in; throws an Error with the provider's reason. */
  createPaymentMethod(): Promise<string>;
  /** Completes a payment Stripe waits for (stripe-js.ts completePayment) with this form's Stripe.js. */
  completePayment(clientSecret: string, paymentMethodId?: string): Promise<void>;
}

/** Colours of the card field's own frame, following the page's colour scheme. */
function fieldStyle(dark: boolean) {
  return {
    base: {
      fontSize: '16px',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      color: dark ? '#e9ecef' : '#1a1b1e',
      '::placeholder': { color: dark ? '#828282' : '#868e96' },
    },
    invalid: { color: '#fa5252' },
  };
}

export function useCardForm(publishableKey: string | null, dark: boolean): CardForm {
  const [element, mount] = useState<HTMLDivElement | null>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<CardFormStatus>('loading');
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    if (!publishableKey || !element) return;
    let live = true;
    let card: StripeCardElement | null = null;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (!live) return;
        card = stripe.elements().create('card', { hidePostalCode: true, style: fieldStyle(dark) });
        card.on('change', (event) => {
          setComplete(event.complete);
          setFieldError(event.error?.message ?? null);
        });
        card.mount(element);
        stripeRef.current = stripe;
        cardRef.current = card;
        setStatus('ready');
      })
      .catch(() => {
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
      card?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, element, dark]);

  return {
    mount,
    status: publishableKey ? status : 'failed',
    complete,
    fieldError,
    async createPaymentMethod() {
      const stripe = stripeRef.current;
      const card = cardRef.current;
      if (!stripe || !card) throw new Error(CARD_FORM_FAILED);
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        throw new Error(error?.message ?? 'Your card could not be read. Check it and try again.');
      }
      return paymentMethod.id;
    },
    async completePayment(clientSecret, paymentMethodId) {
      const stripe = stripeRef.current;
      if (!stripe) throw new Error(CARD_FORM_FAILED);
      await completePayment(stripe, clientSecret, paymentMethodId);
    },
  };
}
