// A local payment provider API (stripe-stand-in.ts or paddle-stand-in.ts) as a process of its
// own, for the end-to-end tests: Playwright starts one per provider beside the app
// (playwright.config.ts) with `tsx payment-stand-in-main.ts <stripe|paddle>`, on STAND_IN_PORT,
// sending its webhook events to WEBHOOK_URL (the app's /api/payment/webhooks/<provider>).
import { startPaddleStandIn } from './paddle-stand-in';
import { startStripeStandIn } from './stripe-stand-in';

const provider = process.argv[2];
const port = Number(process.env.STAND_IN_PORT);
const webhookUrl = process.env.WEBHOOK_URL;
if ((provider !== 'stripe' && provider !== 'paddle') || !port || !webhookUrl) {
  console.error('Usage: STAND_IN_PORT=… WEBHOOK_URL=… tsx payment-stand-in-main.ts stripe|paddle');
  process.exit(1);
}
const standIn =
  provider === 'stripe' ? await startStripeStandIn({ port }) : await startPaddleStandIn({ port });
standIn.webhookUrl = webhookUrl;
console.log(`${provider} stand-in on ${standIn.url}, events to ${webhookUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
