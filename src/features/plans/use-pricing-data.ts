// What the pricing page loads: the visitor's currency (spec 9, from the locale call), the running
// promotions and which payment providers this installation uses. Each part falls back on its own:
// no locale -> USD, no promos -> none, no config -> no payments.
import { useEffect, useState } from 'react';
import { isCurrency, type Currency } from '../../../core/locale';
import { fetchLocale } from '../../api/account';
import {
  fetchActivePromos,
  fetchPaymentConfig,
  type ActivePromos,
  type PaymentConfig,
} from '../../api/payments';
import { useOnline } from '../../lib/network';

export interface PricingData {
  /** Null until the locale call answers (or fails: then USD). */
  currency: Currency | null;
  promos: ActivePromos | null;
  payments: PaymentConfig | null;
  loaded: boolean;
}

/** Only which payment providers this installation uses (null until known, or if unknown). */
export function usePaymentConfig(): PaymentConfig | null {
  const online = useOnline();
  const [payments, setPayments] = useState<PaymentConfig | null>(null);
  useEffect(() => {
    // Offline there is nothing to pay with; it is asked once the connection returns.
    if (!online) return undefined;
    let live = true;
    fetchPaymentConfig()
      .then((answer) => live && setPayments(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online]);
  return payments;
}

export function usePricingData(): PricingData {
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [promos, setPromos] = useState<ActivePromos | null>(null);
  const [payments, setPayments] = useState<PaymentConfig | null>(null);
  const [pending, setPending] = useState(3);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setPending((count) => count - 1);
    };
    fetchLocale(window.location.pathname)
      .then((locale) => {
        if (live) {
          setCurrency(isCurrency(locale.currency) ? locale.currency : 'USD');
        }
      })
      .catch(() => {
        if (live) setCurrency('USD');
      })
      .finally(done);
    fetchActivePromos()
      .then((answer) => live && setPromos(answer))
      .catch(() => undefined)
      .finally(done);
    fetchPaymentConfig()
      .then((answer) => live && setPayments(answer))
      .catch(() => undefined)
      .finally(done);
    return () => {
      live = false;
    };
  }, []);
  return { currency, promos, payments, loaded: pending === 0 };
}
