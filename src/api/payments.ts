// Plans and promotions (spec 7: Payments and Promos). The prices themselves come from the plan
// catalogue in core (core/plans/catalogue.ts), the same one the server charges from.
import type { PlanId } from '../../core/plans/catalogue';
import type { Currency } from '../../core/locale';
import { api } from './client';

/** GET /api/payment/config: each provider's browser key, or null where it is not used. */
export interface PaymentConfig {
  card: { provider: 'stripe'; publishable_key: string; live: boolean } | null;
  overlay: {
    provider: 'paddle';
    client_token: string;
    environment: 'sandbox' | 'production';
  } | null;
}

export interface ActivePromo {
  key: string;
  title: string;
  applies_to: PlanId[];
  plan: PlanId;
  prices: Record<Currency, number>;
  interval: 'month' | 'year' | null;
  starts_at: string;
  ends_at: string;
}

export interface ActivePromos {
  active_promos: ActivePromo[];
  active_promos_map: Record<string, ActivePromo>;
}

export function fetchPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/api/payment/config');
}

export function fetchActivePromos(): Promise<ActivePromos> {
  return api.get<ActivePromos>('/api/promos/get-active-promos');
}
