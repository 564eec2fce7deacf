// Where the end-to-end tests' servers listen (playwright.config.ts starts them). E2E_PORT lets
// two runs (say, two people on one machine) use different ports.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4311);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The local server that speaks Stripe's API (stripe-stand-in.ts), one port above the app. */
export const STRIPE_PORT = E2E_PORT + 1;
export const STRIPE_STAND_IN_URL = `http://127.0.0.1:${STRIPE_PORT}`;
/** The local server that speaks Paddle's API (paddle-stand-in.ts), two ports above the app. */
export const PADDLE_PORT = E2E_PORT + 2;
export const PADDLE_STAND_IN_URL = `http://127.0.0.1:${PADDLE_PORT}`;
/** The local server that speaks Google's OAuth and the YouTube Data API, three ports above. */
export const GOOGLE_PORT = E2E_PORT + 3;
export const GOOGLE_STAND_IN_URL = `http://127.0.0.1:${GOOGLE_PORT}`;
