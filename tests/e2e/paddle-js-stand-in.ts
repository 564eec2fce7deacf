// Paddle.js answered by a local stand-in in the browser tests only (issue 12): the page loads
// https://cdn.paddle.com/paddle/v2/paddle.js through @paddle/paddle-js as in production; the
// test answers it with this script, which offers the part of Paddle.js the app uses (Initialize
// with the client token and an event callback, PricePreview, Checkout.open and close). Its
// overlay is a plain dialog whose "Pay now" has the local Paddle API server complete the
// transaction (which sends the webhooks), then reports checkout.completed as Paddle.js does.
import type { Page } from '@playwright/test';
import { formatPrice } from '../../core/plans/catalogue';
import { PADDLE_STAND_IN_URL } from '../support/e2e-servers';
import { PADDLE_PRICES } from '../support/paddle-stand-in';

/** What Paddle's price preview says of each price: Paddle's own formatting, e.g. "US$9.99". */
export const PREVIEW_TEXT: Record<string, string> = Object.fromEntries(
  Object.values(PADDLE_PRICES).map((price) => [price.id, `US${formatPrice(price.amount, 'USD')}`]),
);

const SCRIPT = String.raw`
(() => {
  const previews = ${JSON.stringify(PREVIEW_TEXT)};
  let callback = null;
  let overlay = null;
  window.PaddleBillingV1 = {
    Initialized: false,
    Environment: { set(environment) { window.__paddleEnvironment = environment; } },
    Initialize(options) {
      if (!options || !options.token) throw new Error('[Paddle] a client token is required');
      this.Initialized = true;
      callback = options.eventCallback || null;
    },
    Update(options) { if (options.eventCallback) callback = options.eventCallback; },
    async PricePreview({ items }) {
      return {
        data: {
          currencyCode: 'USD',
          details: {
            lineItems: items.map(({ priceId, quantity }) => ({
              price: { id: priceId },
              quantity,
              formattedTotals: { total: previews[priceId] },
            })),
          },
        },
        meta: { requestId: 'req_standin' },
      };
    },
    Checkout: {
      open({ transactionId }) {
        overlay = document.createElement('div');
        overlay.setAttribute('role', 'dialog');
        overlay.setAttribute('aria-label', 'Paddle checkout');
        overlay.style.cssText = 'position:fixed;inset:20% 30%;background:#fff;color:#000;padding:24px;z-index:10000;border:1px solid #ccc';
        const text = document.createElement('p');
        text.textContent = 'Paddle checkout for ' + transactionId;
        const pay = document.createElement('button');
        pay.textContent = 'Pay now';
        pay.onclick = async () => {
          await window.__payInPaddle(transactionId);
          if (callback) callback({ name: 'checkout.completed', data: { transaction_id: transactionId } });
        };
        overlay.append(text, pay);
        document.body.append(overlay);
      },
      close() { if (overlay) overlay.remove(); overlay = null; },
    },
  };
})();
`;

/** Answers Paddle.js with the stand-in for this page; its "Pay now" completes the transaction. */
export async function servePaddleJs(page: Page): Promise<void> {
  await page.exposeFunction('__payInPaddle', async (transactionId: string) => {
    const paid = await page.request.post(`${PADDLE_STAND_IN_URL}/_stand-in/pay/${transactionId}`);
    if (!paid.ok()) throw new Error(`the Paddle stand-in refused to pay: ${paid.status()}`);
  });
  await page
    .context()
    .route('https://cdn.paddle.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: SCRIPT }),
    );
}
