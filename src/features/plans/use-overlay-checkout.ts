// The overlay checkout provider (spec 7: "a checkout provider script is loaded and a price preview
// for items requested from it"): Paddle.js, loaded by @paddle/paddle-js when /pricing-paddle
// mounts, with this installation's client token. It previews each plan's price as Paddle will
// charge it (in the buyer's own currency, with tax), and opens the transaction the server made
// for a plan in Paddle's overlay; Paddle's checkout.completed event ends it.
import type { Paddle } from '@paddle/paddle-js';
import { useEffect, useRef, useState } from 'react';
import type { PaymentConfig } from '../../api/payments';

export const OVERLAY_FAILED =
  'The checkout could not load. Check your connection, then reload the page.';

export interface OverlayCheckout {
  ready: boolean;
  /** Paddle's price of each plan ("US$9.99"), once its preview answers. */
  previews: Record<string, string>;
  /**
   * Opens the overlay on a transaction; `onCompleted` runs when the buyer has paid. Throws when
   * Paddle.js has not loaded (offline, blocked), so the caller can say so instead of waiting.
   */
  open(transactionId: string, email: string | null, onCompleted: () => void): void;
}

export function useOverlayCheckout(overlay: PaymentConfig['overlay'] | null): OverlayCheckout {
  const [paddle, setPaddle] = useState<Paddle | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const completed = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!overlay) return;
    let live = true;
    import('@paddle/paddle-js')
      .then(({ initializePaddle }) =>
        initializePaddle({
          environment: overlay.environment,
          token: overlay.client_token,
          eventCallback: (event) => {
            if (event.name === 'checkout.completed') completed.current?.();
          },
        }),
      )
      .then(async (instance) => {
        if (!live || !instance) return;
        setPaddle(instance);
        const plans = Object.entries(overlay.price_ids);
        const preview = await instance.PricePreview({
          items: plans.map(([, priceId]) => ({ priceId, quantity: 1 })),
        });
        const byPrice = new Map(
          preview.data.details.lineItems.map((line) => [line.price.id, line.formattedTotals.total]),
        );
        if (!live) return;
        setPreviews(
          Object.fromEntries(
            plans.flatMap(([plan, priceId]) =>
              byPrice.has(priceId) ? [[plan, byPrice.get(priceId)!]] : [],
            ),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [overlay]);

  return {
    ready: paddle !== null,
    previews,
    open(transactionId, email, onCompleted) {
      if (!paddle) throw new Error(OVERLAY_FAILED);
      completed.current = () => {
        paddle.Checkout.close();
        onCompleted();
      };
      paddle.Checkout.open({
        transactionId,
        ...(email ? { customer: { email } } : {}),
        settings: { displayMode: 'overlay', theme: 'light' },
      });
    },
  };
}
