// Publishing to YouTube in Chromium against the real server, its job worker and the local server
// that speaks Google's OAuth and the YouTube Data API (tests/support/google-stand-in-main.ts,
// started by playwright.config.ts): a channel linked through the consent screen, a finished
// visualizer published with a title and a thumbnail, its progress followed to SUCCESS and the
// link to YouTube; then the channel disconnected with the spec's message.
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { GOOGLE_STAND_IN_URL } from '../support/e2e-servers';
import { csrfTokenOf, signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  shortTrack,
  uploadLibraryTrack,
} from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-publishing-${process.pid}.json`);
/** The library track published (shortTrack, made before the test). */
const TRACK = { file: '', title: 'intro-3s' };

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });
test.setTimeout(RENDER_TEST_TIMEOUT);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'publishing');
  TRACK.file = await shortTrack();
});

/** What the local YouTube holds (its control path, not Google's API). */
async function youtubeState(page: Page) {
  const answer = await page.request.get(`${GOOGLE_STAND_IN_URL}/_stand-in/state`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as {
    videos: Array<{ id: string; snippet: { title: string }; thumbnail: unknown; sha256: string }>;
  };
}

/** A finished visualizer of the signed-in user, made through the API the create screen uses. */
async function finishedVisualizer(page: Page): Promise<string> {
  await uploadLibraryTrack(page, TRACK);
  const headers = { 'X-CSRFToken': await csrfTokenOf(page) };
  const { audios } = (await (await page.request.get('/api/audio/get-user-audios')).json()) as {
    audios: Array<{ audio_uuid: string; file_name: string }>;
  };
  const created = await page.request.post('/api/visualizers/create-visualizer', {
    headers,
    data: {
      audio_uuid: audios[0]!.audio_uuid,
      configuration: { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 },
    },
  });
  expect(created.status()).toBe(201);
  const { visualizer } = (await created.json()) as { visualizer: { upload_uuid: string } };
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.post('/api/visualizers/render-status', {
              headers,
              data: { upload_uuid: visualizer.upload_uuid },
            })
          ).json()) as { status: string }
        ).status,
      { timeout: RENDER_QUEUE_WAIT },
    )
    .toBe('COMPLETE');
  return visualizer.upload_uuid;
}

test('link a channel, publish a visualizer with a title and thumbnail, follow it to SUCCESS, disconnect', async ({
  page,
}) => {
  const videoId = await finishedVisualizer(page);

  // From the video's page to the publish form: no channel yet, so it leads to connecting one.
  await page.goto(`/media/visualizers/${videoId}`);
  await page.getByRole('link', { name: 'Publish to YouTube' }).click();
  await expect(page).toHaveURL(new RegExp(`/media/upload/${videoId}$`));
  await page
    .getByRole('link', { name: /connect/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/media\/connected-accounts$/);

  // Google's consent screen (the local one) and back.
  await page.getByRole('button', { name: 'Connect a YouTube channel' }).click();
  await expect(page).toHaveURL(new RegExp(`^${GOOGLE_STAND_IN_URL}/o/oauth2/v2/auth`));
  await page.screenshot({ path: test.info().outputPath('consent.png') });
  await page
    .getByRole('link', { name: /^Allow as / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/media\/connected-accounts$/);
  const channel = page.getByTestId('linked-channel');
  await expect(channel).toHaveCount(1);
  await expect(channel).toContainText('Stand-in Beats');
  await page.screenshot({ path: test.info().outputPath('connected.png'), fullPage: true });

  // Publish it with a title, tags and its own thumbnail.
  await page.goto(`/media/upload/${videoId}`);
  const form = page.getByRole('form', { name: 'Publish to YouTube' });
  await expect(form.getByLabel('Channel')).toHaveValue('Stand-in Beats');
  const title = form.getByLabel('Title');
  await title.fill('Night Drive — visualizer');
  await form.getByLabel('Tags').fill('synthwave, night drive');
  await form.getByLabel('Unlisted').check();
  await expect(form.getByLabel("The video's own thumbnail")).toBeChecked();
  await sweep(page, 'publish-form');
  await form.getByRole('button', { name: 'Publish to YouTube' }).click();

  // The progress page: a bar, then SUCCESS with the link to YouTube.
  await expect(page).toHaveURL(/\/media\/upload\/[0-9a-f-]{36}\/progress$/);
  const published = page.getByTestId('upload-published');
  await expect(published).toBeVisible({ timeout: 60_000 });
  await expect(published).toContainText('Published on YouTube');
  const watch = published.getByRole('link', { name: 'Watch on YouTube' });
  // The local YouTube is shared by the run's specs (offline-lists.spec.ts publishes too).
  const videos = (await youtubeState(page)).videos.filter(
    (video) => video.snippet.title === 'Night Drive — visualizer',
  );
  expect(videos).toHaveLength(1);
  expect(videos[0]!.thumbnail).not.toBeNull();
  await expect(watch).toHaveAttribute('href', `https://www.youtube.com/watch?v=${videos[0]!.id}`);
  await sweep(page, 'publish-progress-done');

  // Past uploads are listed with their link; disconnecting says so in the spec's words.
  await page.goto('/media/connected-accounts');
  await expect(page.getByRole('link', { name: /Watch on YouTube/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect Stand-in Beats' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /disconnect/i })
    .click();
  await expect(page.getByText('Disconnected Channel: Stand-in Beats')).toBeVisible();
  await expect(page.getByTestId('linked-channel')).toHaveCount(0);
});
