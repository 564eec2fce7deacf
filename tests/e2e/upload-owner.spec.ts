// A queued file goes only to the account that queued it, in Chromium against the real server.
// The deploy-time path: one person queues a file offline; when the app starts again the server is
// being deployed and its login check answers 503 (the page then shows signed out, but nothing
// says the session ended); another person signs in on the same device. The first person's file
// must never reach the second person's library (their device data is removed at that sign-in,
// and the service worker sends a row only under its owner's session), while the second person's
// own queued file goes up as usual.
import type { Request } from '@playwright/test';
import { expectFailedCalls, expect, moveInApp, test } from './fixtures';
import { newEmail, signUpThroughApi } from './account-helpers';
import { codeOf, mailTo } from './mailbox';
import { fileInput, fixture, waitForServiceWorker } from './render-helpers';

test.use({ storageState: { cookies: [], origins: [] } });

const FIRST_FILE = 'intro-30s.flac';
const SECOND_FILE = 'intro-8s-mono.mp3';

interface ServerAudio {
  audio_uuid: string;
  file_name: string;
  core_processing_status: string;
}

test('after a 503 start-up check, a file queued by one user never reaches the next user’s library', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const uploadRow = (file: string) =>
    page.locator(`[data-testid="upload-row"][data-file="${file}"]`);

  // The second person's account, made elsewhere: this browser holds only the first one's session.
  const secondEmail = newEmail('owner-second');
  const secondPassword = 'owner-second-pass';
  const elsewhere = await playwright.request.newContext({ baseURL });
  await elsewhere.get('/api/account/hail');
  const csrf = (await elsewhere.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  const made = await elsewhere.post('/api/auth/sign-up', {
    headers: { 'X-CSRFToken': csrf ?? '', 'X-Forwarded-For': `10.77.${process.pid % 250}.1` },
    data: { email: secondEmail, password1: secondPassword, password2: secondPassword },
  });
  expect(made.status()).toBe(201);
  const verified = await elsewhere.post('/api/account/verify-email-code', {
    headers: { 'X-CSRFToken': csrf ?? '' },
    data: { verification_code: codeOf(await mailTo(secondEmail)) },
  });
  expect(verified.status()).toBe(200);
  await elsewhere.dispose();

  // The first person queues a file while offline.
  await signUpThroughApi(page, {
    tag: 'owner-first',
    password: 'owner-first-pass',
    verified: false,
  });
  await page.goto('/media/audio');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await fileInput(page, 'Upload audio').setInputFiles(fixture(`audio/${FIRST_FILE}`));
  await expect(uploadRow(FIRST_FILE)).toHaveAttribute('data-state', 'queued');

  // A deploy: every API call answers 503, the page's and the service worker's. The connection
  // comes back (Chromium wakes the worker for the queue) and the app starts again: its login
  // check fails with the 503, so the login screen shows.
  const deploying = { calls: 0 };
  await context.route('**/api/**', async (route) => {
    deploying.calls += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ exc: 'ServiceUnavailable', message: 'Deploying: back shortly.' }),
    });
  });
  // What the page asks of the server meanwhile fails, as it would during a deploy (the failed
  // login check is one the console may always show).
  expectFailedCalls(
    page,
    '/api/account/curr',
    '/api/audio/get-user-audios',
    '/api/user-workspace/get-user-images',
  );
  await context.setOffline(false);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(deploying.calls).toBeGreaterThan(0);
  // The server is back for the page. The worker's calls keep failing until the second person has
  // signed in: with the first person's session still in the browser, their file going up to
  // their own library would be right, and this test is about what happens after.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.route('**/api/**', async (route) => {
    if (!route.request().serviceWorker()) return route.fallback();
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });

  // Whatever drafts are asked for from here on, by the page or the worker, by file name.
  const drafted: string[] = [];
  context.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/audio/add-audio-draft')) {
      return;
    }
    const body = request.postDataJSON() as { file_name?: string } | null;
    drafted.push(body?.file_name ?? '?');
  });

  // The second person signs in on the login screen, and queues a file of their own.
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(secondEmail);
  await form.getByLabel('Password', { exact: true }).fill(secondPassword);
  await form.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/media$/);
  await moveInApp(page, '/media/audio');
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await fileInput(page, 'Upload audio').setInputFiles(fixture(`audio/${SECOND_FILE}`));
  await expect(uploadRow(SECOND_FILE)).toBeVisible();
  // The list of this device's uploads shows: the first person's file is no longer in it.
  await expect(uploadRow(FIRST_FILE)).toHaveCount(0);
  await expect(uploadRow(SECOND_FILE)).toHaveAttribute('data-state', /processing|done/, {
    timeout: 120_000,
  });

  // The second person's library holds their file, processed, and never the first person's.
  const audios = async () =>
    (
      (await (await context.request.get('/api/audio/get-user-audios')).json()) as {
        audios: ServerAudio[];
      }
    ).audios;
  await expect
    .poll(
      async () =>
        (await audios()).find((audio) => audio.file_name === SECOND_FILE)?.core_processing_status,
      { timeout: 120_000 },
    )
    .toBe('COMPLETE');
  expect((await audios()).map((audio) => audio.file_name)).toEqual([SECOND_FILE]);
  // Nothing of the first person's file was asked for under the second person's session.
  expect(drafted).toEqual([SECOND_FILE]);
  await expect(uploadRow(FIRST_FILE)).toHaveCount(0);
});
