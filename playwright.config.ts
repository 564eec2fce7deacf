import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  E2E_PORT,
  GOOGLE_PORT,
  GOOGLE_STAND_IN_URL,
  PADDLE_PORT,
  PADDLE_STAND_IN_URL,
  STRIPE_PORT,
  STRIPE_STAND_IN_URL,
} from './tests/support/e2e-servers';
import { GOOGLE_STAND_IN_CLIENT, WAVEFRAME_CHANNEL_ID } from './tests/support/google-stand-in';
import { PADDLE_KEYS, PADDLE_PRICE_IDS } from './tests/support/paddle-stand-in';
import { STAND_IN_KEYS } from './tests/support/stripe-stand-in';

// The app, and the local servers that speak Stripe's, Paddle's and Google's APIs
// (tests/support/*-stand-in.ts): the app takes card and overlay payments through the first two,
// which send their webhook events to it, and links channels and publishes through the third.
const PORT = E2E_PORT;

// One fresh data folder per run. The config is loaded again in every worker process; the
// environment carries the first folder to them so no extra folders are made.
process.env.WAVEFRAME_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'waveframe-e2e-'));
const dataDir = process.env.WAVEFRAME_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Room for a CI machine running at half its usual speed (seen twice): a passing run never
  // waits out these; a slow one finishes instead of timing out.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: BASE_URL,
    // A click on something that never becomes clickable fails instead of waiting out the test.
    actionTimeout: 30_000,
    viewport: { width: 1280, height: 800 },
    // No trace: recording one for every test took a third of Chromium's CPU, and CI keeps no
    // files. A failure leaves its screenshot and error context; to see a trace, run
    // `npx playwright test <file> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx tests/support/payment-stand-in-main.ts stripe',
      port: STRIPE_PORT,
      env: {
        STAND_IN_PORT: String(STRIPE_PORT),
        WEBHOOK_URL: `${BASE_URL}/api/payment/webhooks/stripe`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx tests/support/payment-stand-in-main.ts paddle',
      port: PADDLE_PORT,
      env: {
        STAND_IN_PORT: String(PADDLE_PORT),
        WEBHOOK_URL: `${BASE_URL}/api/payment/webhooks/paddle`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx tests/support/google-stand-in-main.ts',
      port: GOOGLE_PORT,
      env: { STAND_IN_PORT: String(GOOGLE_PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx scripts/start.ts',
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        // Sign-ups through the API name their own visitor address (tests/e2e/account-helpers.ts):
        // the request stands in for one proxy in front, whose X-Forwarded-For entry is trusted.
        TRUST_PROXY: '1',
        // The audio plugins folder: a small text file stands in for each release.
        PLUGINS_DIR: path.resolve('tests/fixtures/plugins'),
        ...STAND_IN_KEYS,
        STRIPE_API_URL: STRIPE_STAND_IN_URL,
        ...PADDLE_KEYS,
        PADDLE_PRICE_IDS,
        PADDLE_API_URL: PADDLE_STAND_IN_URL,
        ...GOOGLE_STAND_IN_CLIENT,
        YOUTUBE_CHANNEL_ID: WAVEFRAME_CHANNEL_ID,
        GOOGLE_OAUTH_AUTH_URL: `${GOOGLE_STAND_IN_URL}/o/oauth2/v2/auth`,
        GOOGLE_OAUTH_TOKEN_URL: `${GOOGLE_STAND_IN_URL}/token`,
        GOOGLE_OAUTH_REVOKE_URL: `${GOOGLE_STAND_IN_URL}/revoke`,
        YOUTUBE_API_URL: `${GOOGLE_STAND_IN_URL}/`,
        YOUTUBE_UPLOAD_CHUNK_KIB: '256',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
