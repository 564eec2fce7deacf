// The local Stripe API as a process of its own, for the end-to-end tests: Playwright starts it
// beside the app (playwright.config.ts), on STAND_IN_PORT, sending its webhook events to
// WEBHOOK_URL (the app's /api/payment/webhooks/stripe).
import { startStripeStandIn } from './stripe-stand-in';

const port = Number(process.env.STAND_IN_PORT);
const webhookUrl = process.env.WEBHOOK_URL;
if (!port || !webhookUrl) {
  console.error('Set STAND_IN_PORT and WEBHOOK_URL.');
  process.exit(1);
}
const standIn = await startStripeStandIn({ port });
standIn.webhookUrl = webhookUrl;
console.log(`Stripe stand-in on ${standIn.url}, events to ${webhookUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
