import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { STRIPE_STAND_IN_URL } from '../support/e2e-servers';
import { confirmAsStripeJs } from '../support/stripe-stand-in';
import { expect } from './fixtures';
import { codeOf, mailTo } from './mailbox';

/** A fresh address for one test; the tag says which test made it. */
export function newEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Sign-ups through the API come from a visitor address of their own (the e2e server trusts one
 * proxy, TRUST_PROXY=1, so the right-most X-Forwarded-For entry is the client): the suite signs up
 * more accounts in an hour than the 20 one address may; sign-ups through the forms stay on the
 * browser's own address.
 */
let visitors = 0;
function visitorAddress(): Record<string, string> {
  visitors += 1;
  return {
    'X-Forwarded-For': `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${visitors % 250}`,
  };
}

/** The CSRF token the server handed this browser context. */
export async function csrfTokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value;
  expect(token, 'the server sets a csrftoken cookie').toBeTruthy();
  return token ?? '';
}

/**
 * Signs a new account up through the real API, in this browser context (so the browser is
 * signed in), and verifies its address with the mailed code when asked.
 */
export async function signUpThroughApi(
  page: Page,
  options: { tag: string; password: string; verified: boolean },
): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const headers = { 'X-CSRFToken': await csrfTokenOf(page) };
  const email = newEmail(options.tag);
  const request = page.context().request;
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { ...headers, ...visitorAddress() },
    data: { email, password1: options.password, password2: options.password },
  });
  expect(signUp.status()).toBe(201);
  if (options.verified) {
    const code = codeOf(await mailTo(email));
    const verify = await request.post('/api/account/verify-email-code', {
      headers,
      data: { verification_code: code },
    });
    expect(verify.status()).toBe(200);
  }
  return email;
}

/** The value of this context's session cookie (never to be seen on a page). */
export async function sessionIdOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'sessionid')?.value;
}

/**
 * Checks that no page text, field value, storage entry or title shows a secret (a password,
 * the session id).
 */
export async function expectNoSecretsShown(page: Page, secrets: string[]): Promise<void> {
  const shown = await page.evaluate(() => {
    const values = Array.from(document.querySelectorAll('input, textarea'))
      .filter((field) => (field as HTMLInputElement).type !== 'password')
      .map((field) => (field as HTMLInputElement).value);
    const storage = [localStorage, sessionStorage].flatMap((store) =>
      Object.keys(store).map((key) => `${key}=${store.getItem(key) ?? ''}`),
    );
    return [document.title, document.body.innerText, location.href, ...values, ...storage].join(
      '\n',
    );
  });
  for (const secret of secrets.filter(Boolean)) {
    expect(shown.includes(secret), 'a secret shows on the page').toBe(false);
  }
}

/**
 * Signs a new account up through the real API in a fresh request context and saves its signed-in
 * state to `stateFile`, for a spec file whose tests share one account (`test.use({storageState})`).
 */
export async function signUpToStateFile(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  stateFile: string,
  tag: string,
): Promise<void> {
  // A fresh state: the file's storageState option does not exist yet.
  const request = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  await request.get('/api/account/hail');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  expect(csrf, 'the server hands out a csrftoken cookie').toBeTruthy();
  const password = `${tag}-pass-1`;
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { 'X-CSRFToken': csrf ?? '', ...visitorAddress() },
    data: { email: newEmail(tag), password1: password, password2: password },
  });
  expect(signUp.status()).toBe(201);
  await request.storageState({ path: stateFile });
  await request.dispose();
}

/**
 * Makes the signed-in user's plan a paid one as a payment would: subscribe, then the card
 * provider's stand-in confirms the payment as Stripe.js would; waits until the plan is premium.
 */
export async function subscribeThroughStandIn(
  page: Page,
  plan = 'plan_tier_one_monthly',
): Promise<void> {
  const subscribed = await page.request.post('/api/payment/subscribe', {
    headers: { 'X-CSRFToken': await csrfTokenOf(page) },
    data: { stripeToken: 'pm_card_visa', plan },
  });
  expect(subscribed.status()).toBe(200);
  const { client_secret: clientSecret } = (await subscribed.json()) as { client_secret: string };
  const paid = await confirmAsStripeJs(STRIPE_STAND_IN_URL, clientSecret, 'pm_card_visa');
  expect(paid.body.status).toBe('succeeded');
  await expect
    .poll(async () => (await (await page.request.get('/api/payment/plan')).json()).is_premium, {
      timeout: 20_000,
    })
    .toBe(true);
}
