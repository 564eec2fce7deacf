import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import {
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
  securityHeaders,
} from '../../../server/http/security-headers';

const YOUTUBE_ENV = { YOUTUBE_CLIENT_ID: 'client', YOUTUBE_CLIENT_SECRET: 'secret' };
const STRIPE = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const PADDLE_CDN = 'https://cdn.paddle.com';

/** The policy as a map of directive to its sources. */
function directivesOf(env: Record<string, string>): Map<string, string[]> {
  const policy = contentSecurityPolicy(loadConfig(env));
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  test('our own origin, the payment providers and nothing else; no inline or evaluated script', () => {
    const policy = directivesOf({});
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // WebAssembly compiles (ffmpeg.wasm) but strings never become code.
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      ...STRIPE,
      PADDLE_CDN,
    ]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", PADDLE_CDN]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://sandbox-checkout-service.paddle.com',
      'https://checkout-service.paddle.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      ...STRIPE,
      'https://hooks.stripe.com',
      'https://sandbox-buy.paddle.com',
      'https://buy.paddle.com',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://yt3.ggpht.com',
      'https://*.googleusercontent.com',
      PADDLE_CDN,
    ]);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('the payment providers are allowed whatever is configured (a cached shell keeps its policy)', () => {
    const none = contentSecurityPolicy(loadConfig({}));
    const both = contentSecurityPolicy(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PRODUCT_ID: 'prod_abc',
        PADDLE_API_KEY: 'pdl_key',
        PADDLE_CLIENT_TOKEN: 'live_token',
        PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret',
        PADDLE_PRICE_IDS: 'plan_tier_one_monthly=pri_01',
        PADDLE_ENVIRONMENT: 'production',
      }),
    );
    expect(both).toBe(none);
  });

  test("channel pictures: Google's picture hosts, and a YouTube API of our own where one is set", () => {
    expect(directivesOf(YOUTUBE_ENV).get('img-src')).not.toContain('https://www.googleapis.com');
    const local = directivesOf({ ...YOUTUBE_ENV, YOUTUBE_API_URL: 'http://127.0.0.1:4514/' });
    expect(local.get('img-src')).toContain('http://127.0.0.1:4514');
  });
});

describe('the other security headers', () => {
  test('Strict-Transport-Security only over https', () => {
    const config = loadConfig({});
    expect(securityHeaders(config, false)).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders(config, true)['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders(config, false)).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': PERMISSIONS_POLICY,
    });
  });

  test('Permissions-Policy denies the devices, and payment to all but Paddle’s checkout frame', () => {
    expect(PERMISSIONS_POLICY).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), ' +
        'payment=("https://sandbox-buy.paddle.com" "https://buy.paddle.com")',
    );
  });
});
