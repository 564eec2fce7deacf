import type { FastifyInstance } from 'fastify';
import { GOOGLE_ENDPOINTS, type Config } from '../config';

// One policy for every page. The app is a single page: moving between routes loads no new
// document, and once the service worker is installed every navigation is answered with the one
// cached shell, whose headers are those of the page it was cached from. A policy per route would
// only ever be the policy of whichever page happened to load first, so the checkout's payment
// providers are allowed everywhere. They are allowed whether or not this installation is set up
// for them, and both of Paddle's environments: the cached shell keeps its policy until the next
// release of the app, so a policy that followed the configuration would block Stripe.js for
// returning visitors after payments are switched on, or Paddle's live checkout after going live.

/** Stripe.js and its frames, as Stripe's security guide lists them for Elements. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Paddle.js and its styles and pictures (Paddle's CDN), its checkout frame and API, sandbox and live. */
const PADDLE = {
  cdn: ['https://cdn.paddle.com'],
  frame: ['https://sandbox-buy.paddle.com', 'https://buy.paddle.com'],
  connect: ['https://sandbox-checkout-service.paddle.com', 'https://checkout-service.paddle.com'],
};

/** Where YouTube keeps channel pictures (the linked channels' avatars). */
const GOOGLE_PICTURES = ['https://yt3.ggpht.com', 'https://*.googleusercontent.com'];

/** The Content-Security-Policy of every answer. */
export function contentSecurityPolicy(config: Config): string {
  // Tests point the YouTube API at a local server, which also serves the channel pictures.
  const youtubeApi = config.youtube?.endpoints.apiUrl;
  const ownYoutubeApi =
    youtubeApi && youtubeApi !== GOOGLE_ENDPOINTS.apiUrl ? [new URL(youtubeApi).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // ffmpeg.wasm and the renderer's WebAssembly are compiled in workers under this policy.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...STRIPE.script, ...PADDLE.cdn],
    // Mantine writes its theme into <style> elements at run time, and index.html has one.
    'style-src': ["'self'", "'unsafe-inline'", ...PADDLE.cdn],
    // data: for inline pictures of libraries, blob: for pictures of local files.
    'img-src': ["'self'", 'data:', 'blob:', ...GOOGLE_PICTURES, ...ownYoutubeApi, ...PADDLE.cdn],
    // blob: plays local files before they are uploaded (tracks, clips to trim).
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...STRIPE.connect, ...PADDLE.connect],
    'frame-src': [...STRIPE.frame, ...PADDLE.frame],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The app's forms are sent by script; Google's consent page is reached by navigation.
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Features the app never uses are denied to it and to every frame in it. */
export const PERMISSIONS_POLICY = [
  ...['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'midi', 'display-capture'].map(
    (feature) => `${feature}=()`,
  ),
  // Paddle's checkout offers Apple Pay and Google Pay in its frame; Stripe's card field needs none.
  `payment=(${PADDLE.frame.map((origin) => `"${origin}"`).join(' ')})`,
].join(', ');

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries; Strict-Transport-Security only where it came over https. */
export function securityHeaders(config: Config, https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // Popups keep their opener: payment providers' wallets open them from their frames.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Sets the security headers on every answer: pages, files, API answers, 404s and errors. They go
 * on the raw response as the request arrives, so the tus upload replies, which bypass Fastify's
 * reply, carry them too; anything a route sets itself is written over them.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const overHttp = Object.entries(securityHeaders(config, false));
  const overHttps = Object.entries(securityHeaders(config, true));
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol believes X-Forwarded-Proto only behind a trusted proxy (TRUST_PROXY).
    for (const [name, value] of request.protocol === 'https' ? overHttps : overHttp) {
      reply.raw.setHeader(name, value);
    }
  });
}
