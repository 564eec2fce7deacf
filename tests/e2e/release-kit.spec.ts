// The release kit in Chromium against the real server, its job worker and the local YouTube
// (tests/support/google-stand-in-main.ts): a library track and a look make a kit, the hook is
// shortened and moved a bar earlier on its waveform, the look previewed at each of the kit's sizes
// is the picture of that file (PSNR), the kit's page follows the five outputs to
// finished, the ZIP is downloaded and its entries checked, and the hook goes to YouTube as a
// Short with the full video beside it.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FEED_SHAPES, FULL_SIZE, VERTICAL_SIZE } from '../../core/render/release-kit';
import { GOOGLE_STAND_IN_URL } from '../support/e2e-servers';
import { zipEntries } from '../support/zip-entries';
import { signUpToStateFile } from './account-helpers';
import { DESKTOP, PHONE, expect, sweep, test } from './fixtures';
import {
  expectFrameMatchesPreview,
  expectPreviewAspect,
  previewPicture,
  type PreviewPicture,
} from './preview-compare';
import { linkStandInChannel } from './youtube-helpers';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  excerpt,
  uploadLibraryTrack,
} from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-release-kit-${process.pid}.json`);
/** 24 s of a real track: room for a 15 s hook moved a bar, and five short renders. */
const TRACK = { file: '', title: 'intro-24s' };

test.use({ storageState: STATE_FILE });
test.setTimeout(RENDER_TEST_TIMEOUT);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'release-kit');
  TRACK.file = await excerpt('audio/intro-30s.m4a', {
    from: 0,
    seconds: 24,
    name: 'intro-24s.m4a',
  });
});

async function youtubeVideos(page: Page) {
  const answer = await page.request.get(`${GOOGLE_STAND_IN_URL}/_stand-in/state`);
  expect(answer.ok()).toBe(true);
  return (
    (await answer.json()) as { videos: Array<{ snippet: { title: string }; thumbnail: unknown }> }
  ).videos;
}

/** "0:05–0:20 · 6 bars" → start seconds, end seconds, bars. */
function parseRange(text: string) {
  const match = /(\d+):(\d+(?:\.\d+)?)\s*[–-]\s*(\d+):(\d+(?:\.\d+)?)\s*·\s*(\d+) bars?/.exec(text);
  expect(match, text).not.toBeNull();
  const [, m1, s1, m2, s2, bars] = match!;
  return {
    start: Number(m1) * 60 + Number(s1),
    end: Number(m2) * 60 + Number(s2),
    bars: Number(bars),
  };
}

test('from a track to a kit: the hook moved a bar, five finished files, the ZIP, a Short on YouTube', async ({
  page,
}) => {
  await uploadLibraryTrack(page, TRACK);
  await page.goto('/release-kit-creator');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(TRACK.title) }).click();
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });

  // The hook proposed on the waveform, with the bar lines drawn.
  const hook = page.getByTestId('kit-hook');
  await expect(hook).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('kit-bar-lines')).toBeVisible();
  const range = page.getByTestId('kit-hook-range');
  await expect(range).toHaveText(/bars?/);

  // A 15 s hook (the slider's lowest), then one bar earlier.
  await page.getByRole('slider', { name: 'Hook length' }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('kit-hook-seconds-value')).toContainText('15');
  await expect
    .poll(async () => {
      const { start, end } = parseRange((await range.textContent()) ?? '');
      return end - start;
    })
    .toBeLessThan(20);
  // The waveform carries the hook's exact seconds; the text shows them to the second.
  const waveform = page.getByTestId('kit-hook-waveform');
  const hookOf = async () => ({
    start: Number(await waveform.getAttribute('data-hook-start')),
    end: Number(await waveform.getAttribute('data-hook-end')),
    bars: parseRange((await range.textContent()) ?? '').bars,
  });
  const before = await hookOf();
  // The proposed hook ends near the end of this short track: a bar earlier.
  await page.getByTestId('kit-hook-earlier').click();
  await expect(waveform).not.toHaveAttribute('data-hook-start', String(before.start));
  const after = await hookOf();
  const bar = (before.end - before.start) / before.bars;
  expect(after.bars).toBe(before.bars);
  expect(Math.abs(before.start - after.start - bar)).toBeLessThanOrEqual(0.05);

  // Heard before it starts: the preview plays from the hook's start.
  await page.getByTestId('kit-hook-play').click();
  await expect(page.getByTestId('kit-hook-play')).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(async () =>
      page.getByTestId('kit-hook-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime),
    )
    .toBeGreaterThanOrEqual(after.start - 0.2);
  await page.getByTestId('kit-hook-play').click();

  // The look at each size of the kit's videos, as the hook's files start (paused at its start):
  // the file's aspect after a resize, and its picture, compared with the file's once rendered.
  const looks = new Map<string, PreviewPicture>();
  const sizeSwitch = page.getByRole('radiogroup', { name: 'Preview at the size of' });
  for (const [output, label, size] of [
    ['full', 'Full video 16:9', FULL_SIZE],
    ['vertical', 'Hook 9:16', VERTICAL_SIZE],
    ['feed', 'Feed 4:5', FEED_SHAPES['4:5']],
  ] as const) {
    await sizeSwitch.getByText(label).click();
    const look = page.getByTestId('preview-canvas-box');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectPreviewAspect(page, size, `as the kit's ${output} file`, look);
      // Every size's label is inside the switch (on a phone the last was pushed out of it).
      const overflow = await sizeSwitch.evaluate((root) => {
        const edge = root.getBoundingClientRect().right;
        return Math.max(
          ...[...root.querySelectorAll('label')].map((l) => l.getBoundingClientRect().right - edge),
        );
      });
      expect(overflow, `the size switch at ${viewport.width} px`).toBeLessThanOrEqual(0.5);
    }
    looks.set(output, await previewPicture(page, `kit-look-${output}`, look));
  }

  // The price before it starts.
  await expect(page.getByTestId('kit-price')).toContainText(
    '3 visualizer credits and 1 Canvas credit',
  );
  await sweep(page, 'kit-creator');
  await page.getByTestId('kit-start').click();

  // The kit's page: every part to finished.
  await expect(page).toHaveURL(/\/media\/release-kits\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const kitId = page.url().split('/').at(-1)!;
  await expect(page.getByTestId('kit-part')).toHaveCount(5);
  await sweep(page, 'kit-progress-waiting');
  await expect(page.getByTestId('kit-status')).toHaveAttribute('data-status', 'COMPLETE', {
    timeout: RENDER_QUEUE_WAIT,
  });
  for (const part of await page.getByTestId('kit-part').all())
    await expect(part).toHaveAttribute('data-status', 'COMPLETE');
  await sweep(page, 'kit-done');

  // The hook the kit made is the one moved a bar.
  const kit = (await (await page.request.get(`/api/release-kits/${kitId}`)).json()).kit as {
    hook: { start_seconds: number; bars: number };
    parts: { output: string; file_name: string; file_url: string | null }[];
  };
  expect(Math.abs(kit.hook.start_seconds - after.start)).toBeLessThanOrEqual(0.1);
  expect(kit.hook.bars).toBe(after.bars);

  // The look previewed at each size is that file's picture at the hook's first moment: the full
  // video's at the hook's start, the hook's and the feed clip's first.
  for (const part of kit.parts) {
    const preview = looks.get(part.output);
    if (!preview) continue;
    const at = part.output === 'full' ? kit.hook.start_seconds : 0;
    await expectFrameMatchesPreview(page, `kit-${part.output}`, preview, part.file_url!, at);
  }

  // The ZIP: every file and kit.json.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('kit-zip').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-release-kit\.zip$/);
  const entries = zipEntries(await readFile((await download.path())!));
  expect(entries.map((entry) => entry.name)).toEqual([
    ...kit.parts.map((part) => part.file_name),
    'kit.json',
  ]);
  for (const entry of entries) expect(entry.size, entry.name).toBeGreaterThan(0);

  // Publish: link the local YouTube's channel, then the full video and the Short.
  await linkStandInChannel(page);
  await page.goto(`/media/release-kits/${kitId}`);
  await page.getByTestId('kit-publish-title').fill('Intro Kit');
  await expect(page.getByTestId('kit-publish-short')).toBeChecked();
  await page.getByTestId('kit-publish-submit').click();
  await expect(page.getByTestId('kit-upload-link')).toHaveCount(2, { timeout: 30_000 });
  await expect
    .poll(async () => (await youtubeVideos(page)).map((video) => video.snippet.title), {
      timeout: 120_000,
    })
    .toEqual(expect.arrayContaining(['Intro Kit', 'Intro Kit #Shorts']));
  const videos = await youtubeVideos(page);
  expect(videos.find((v) => v.snippet.title === 'Intro Kit')!.thumbnail).not.toBeNull();
  expect(videos.find((v) => v.snippet.title === 'Intro Kit #Shorts')!.thumbnail).toBeNull();
  await page.screenshot({ path: test.info().outputPath('kit-published.png'), fullPage: true });
});
