// Lyrics in Chromium against the real server and its job worker (issue 27): a library track's
// lyrics pasted and tapped in time with the keyboard only (each Space pressed at a chosen moment
// of the playing track), saved to the account; the editor opened offline from the service
// worker, a line nudged with the arrow keys and synced once online; then a visualizer with the
// "centred" style, its preview showing the line at its time and not before, rendered, and the
// video's frame compared with the preview's in the lyrics' region; last, the video published to
// the local YouTube (tests/support/google-stand-in-main.ts) with its lyrics as a caption track,
// after allowing captions at Google's consent screen with the form kept across the trip.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Locator, Page } from '@playwright/test';
import type { GetAudioLyricsResponse } from '../../core/lyrics/api-types';
import { listTemplates } from '../../core/render/renderer';
import { GOOGLE_STAND_IN_URL } from '../support/e2e-servers';
import { csrfTokenOf, signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import { allowOnConsentPage, linkStandInChannel } from './youtube-helpers';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  excerpt,
  readyPreview,
  trackRow,
  uploadLibraryTrack,
  waitForServiceWorker,
} from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-lyrics-${process.pid}.json`);
/** 11 s of a real track: the four lines are sung in its first 9 s. */
const TRACK = { file: '', title: 'intro-11s' };
const LINES = ['Here comes the morning', 'Light on the water', 'Nothing to hold on', 'Ever again'];
/** When each line is tapped, seconds of the track (the preview's seek key steps 5 s: 5 is in line 2). */
const TAP_AT = [2, 4, 6.5, 8.5];
const BEFORE = 0;
const INSIDE = 5;
/**
 * A visualizer laid out the same with lyrics and without (Circular Spectrum moves its ring out of
 * their way), so its pictures with and without them differ only by the lyrics.
 */
const template = listTemplates('visualizer').find((info) => info.name === 'mirrored-bars')!;
const run = promisify(execFile);

test.use({ storageState: STATE_FILE });
// A video rendered on a busy machine.
test.setTimeout(RENDER_TEST_TIMEOUT);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'lyrics');
  TRACK.file = await excerpt('audio/intro-30s.m4a', {
    from: 0,
    seconds: 11,
    name: 'intro-11s.m4a',
  });
});

/** The picture, shrunk to 160 × 90 (every frame of the test is 16:9), as RGBA bytes. */
async function pixelsOf(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = createCanvas(160, 90);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, 160, 90);
  return ctx.getImageData(0, 0, 160, 90).data;
}

/**
 * Mean absolute difference (0–255) of two pictures where the centred style sets the line being
 * sung: the middle half of the width, 40–67 % of the height.
 */
function regionDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  let n = 0;
  for (let y = 36; y < 60; y++) {
    for (let x = 40; x < 120; x++) {
      const i = (y * 160 + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
      n += 3;
    }
  }
  return sum / n;
}

const lyricsSync = (page: Page) => page.getByTestId('lyrics-sync');
const lineStart = async (page: Page, index: number) =>
  Number(
    await page
      .locator(`[data-testid="lyrics-line"][data-index="${index}"]`)
      .getAttribute('data-start'),
  );

/** The server's lyrics of the track, through the same call the app makes. */
async function serverLyrics(page: Page, audioId: string) {
  const answer = await page.request.post('/api/audio/get-audio-lyrics', {
    headers: { 'X-CSRFToken': await csrfTokenOf(page) },
    data: { audioId },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as GetAudioLyricsResponse).lyrics?.lyrics ?? null;
}

const serverLines = async (page: Page, audioId: string) =>
  (await serverLyrics(page, audioId))?.lines ?? [];

/** Picks a Lyrics style in the creator and waits for the preview drawn with it. */
async function chooseStyle(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Lyrics style' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Lyrics style' })).toHaveValue(label);
}

/** The preview, once it has settled on the moment it shows (two shots alike). */
async function settledShot(preview: Locator): Promise<Buffer> {
  let previous = await preview.screenshot({ animations: 'allow' });
  await expect
    .poll(async () => {
      await preview.page().waitForTimeout(400);
      const now = await preview.screenshot({ animations: 'allow' });
      const same = now.equals(previous);
      previous = now;
      return same;
    })
    .toBe(true);
  return previous;
}

test('lyrics tapped with the keyboard, kept offline, synced, and drawn in the preview and the video', async ({
  page,
  context,
}) => {
  await uploadLibraryTrack(page, TRACK);
  await trackRow(page, TRACK.title).getByRole('link', { name: TRACK.title }).click();
  await expect(page).toHaveURL(/\/media\/audio\/[0-9a-f-]{36}$/);
  const audioId = page.url().split('/').at(-1)!;

  // The editor, from the track's page.
  await page.getByTestId('track-lyrics-link').click();
  await expect(page).toHaveURL(new RegExp(`/media/audio/${audioId}/lyrics$`));
  await expect(page.getByTestId('lyrics-empty')).toBeVisible({ timeout: 20_000 });
  await sweep(page, 'lyrics-editor-empty');
  await page.getByTestId('lyrics-paste').fill(LINES.join('\n'));
  await page.getByTestId('lyrics-use-text').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lyrics-line')).toHaveCount(LINES.length);
  await expect(page.getByTestId('lyrics-play')).toBeEnabled({ timeout: 30_000 });

  // Keyboard only: P plays, Space taps each line when the track reaches its moment. The page
  // notes where the track was when each Space arrived (the moment tapped: on a busy machine the
  // key lands a little after the moment waited for).
  await page.getByTestId('lyrics-tap-area').focus();
  await page.evaluate(() => {
    const taps: number[] = [];
    Object.assign(window, { lyricTaps: taps });
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.code === 'Space') taps.push(document.querySelector('audio')?.currentTime ?? -1);
      },
      { capture: true },
    );
  });
  await page.keyboard.press('p');
  await expect(page.getByTestId('lyrics-play')).toHaveAccessibleName('Pause (P)');
  for (const [index, moment] of TAP_AT.entries()) {
    await page.waitForFunction(
      (at) => (document.querySelector('audio')?.currentTime ?? 0) >= at,
      moment,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    );
    await page.keyboard.press('Space');
    await expect(
      page.locator(`[data-testid="lyrics-line"][data-index="${index}"]`),
    ).not.toHaveAttribute('data-start', '');
    // The line tapped is the one playing now.
    await expect(page.getByTestId('lyrics-current-line')).toHaveText(LINES[index]!);
  }
  await sweep(page, 'lyrics-editor-timed');
  await page.keyboard.press('p');
  await expect(page.getByTestId('lyrics-play')).toHaveAccessibleName('Play (P)');
  const taps = await page.evaluate(() => (window as unknown as { lyricTaps: number[] }).lyricTaps);
  expect(taps).toHaveLength(LINES.length);
  for (const [index, moment] of TAP_AT.entries()) {
    const start = await lineStart(page, index);
    expect(
      Math.abs(start - taps[index]!),
      `line ${index + 1} starts where it was tapped`,
    ).toBeLessThanOrEqual(0.3);
    // And after the moment waited for, before the next line's.
    expect(start).toBeGreaterThanOrEqual(moment - 0.05);
    expect(start).toBeLessThan(TAP_AT[index + 1] ?? moment + 1.5);
  }
  test.info().annotations.push({
    type: 'taps',
    description: `Space at ${taps.map((t) => t.toFixed(3)).join(', ')} s for ${TAP_AT.join(', ')} s`,
  });
  await expect(lyricsSync(page)).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  await expect(lyricsSync(page)).not.toHaveAttribute('data-revision', '0');
  const tappedStarts = await Promise.all(LINES.map((_, i) => lineStart(page, i)));
  expect((await serverLines(page, audioId)).map((line) => line.startSeconds)).toEqual(tappedStarts);

  // Offline: the editor opens from the service worker with the lines of this device.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('lyrics-line')).toHaveCount(LINES.length, { timeout: 20_000 });
  await expect(page.getByTestId('lyrics-line').nth(1)).toHaveAttribute(
    'data-start',
    String(tappedStarts[1]),
  );
  // Line 2 two steps (2 × 50 ms) later with the arrow keys, on its block of the timeline.
  await page.getByRole('slider', { name: `Line 2: ${LINES[1]}` }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const nudged = Math.round((tappedStarts[1]! + 0.1) * 1000) / 1000;
  await expect.poll(async () => Math.abs((await lineStart(page, 1)) - nudged)).toBeLessThan(0.002);
  // The language they are sung in, chosen offline too: the captions' language later.
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('Spanish');
  await expect(lyricsSync(page)).toHaveAttribute('data-state', /^(offline|local)$/);
  await sweep(page, 'lyrics-editor-offline');
  // On a phone: the play row, then the whole waveform, then the Tap button in its place (over
  // neither), and Rehearse right under the line naming the next tap.
  await page.setViewportSize({ width: 390, height: 600 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const edges = (testId: string) =>
    page.getByTestId(testId).evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return { top, bottom };
    });
  await expect
    .poll(async () => {
      const { top, bottom } = await edges('lyrics-timeline');
      return bottom - top;
    })
    .toBeGreaterThanOrEqual(160);
  const [play, timeline, tapButton, tapTarget, rehearse] = await Promise.all(
    ['lyrics-play', 'lyrics-timeline', 'lyrics-tap', 'lyrics-tap-target', 'lyrics-rehearse'].map(
      edges,
    ),
  );
  expect(timeline!.top).toBeGreaterThan(play!.bottom);
  expect(tapButton!.top).toBeGreaterThanOrEqual(timeline!.bottom);
  expect(rehearse!.top - tapTarget!.bottom).toBeLessThan(40);
  await page.screenshot({ path: test.info().outputPath('editor-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Online again: the nudge reaches the account.
  await context.setOffline(false);
  await expect(lyricsSync(page)).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  await expect
    .poll(async () => Math.abs(((await serverLines(page, audioId))[1]?.startSeconds ?? 0) - nudged))
    .toBeLessThan(0.002);
  expect((await serverLyrics(page, audioId))?.language).toBe('es');

  // The visualizer creator: the track, then the centred lyrics.
  await page.goto(`/audio-reactive-music-visualizers/create/${template.name}`);
  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(TRACK.title) }).click();
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  const section = page.getByRole('region', { name: 'Lyrics' });
  await expect(section.getByRole('combobox', { name: 'Lyrics style' })).toHaveValue('None');
  const preview = readyPreview(page);
  await expect(preview).toBeVisible({ timeout: 20_000 });
  const seek = page.getByRole('slider', { name: 'Seek' });

  // The same two moments with no lyrics and with centred lines: only inside a line they differ.
  const shots: Record<string, Buffer> = {};
  for (const style of ['None', 'Centred lines']) {
    if (style !== 'None') await chooseStyle(page, style);
    await seek.focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('preview-time')).toHaveText(/^0:00 \//);
    shots[`${style}@before`] = await settledShot(preview);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('preview-time')).toHaveText(/^0:05 \//);
    shots[`${style}@inside`] = await settledShot(preview);
  }
  await writeFile(test.info().outputPath('preview-inside.png'), shots['Centred lines@inside']!);
  await writeFile(test.info().outputPath('preview-inside-none.png'), shots['None@inside']!);
  await writeFile(test.info().outputPath('preview-before.png'), shots['Centred lines@before']!);
  const pictures = Object.fromEntries(
    await Promise.all(Object.entries(shots).map(async ([k, png]) => [k, await pixelsOf(png)])),
  ) as Record<string, Uint8ClampedArray>;
  const previewBefore = regionDifference(
    pictures['None@before']!,
    pictures['Centred lines@before']!,
  );
  const previewInside = regionDifference(
    pictures['None@inside']!,
    pictures['Centred lines@inside']!,
  );
  // Inside a line the lyrics change the picture; before the first one only the template's own
  // motion does (a redraw of the same moment may differ a little, after another moment).
  expect(previewInside, 'the line sung at 0:05 is drawn').toBeGreaterThan(8);
  expect(previewBefore, 'no line before the first one starts').toBeLessThan(previewInside / 4);
  expect(
    regionDifference(pictures['Centred lines@before']!, pictures['Centred lines@inside']!),
    'the centred preview before the first line and inside one',
  ).toBeGreaterThan(previewInside / 2);
  await sweep(page, 'visualizer-create-lyrics-centred');

  // Render it.
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers\/progress\/[0-9a-f-]{36}$/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('render-status-card')).toHaveAttribute('data-phase', 'ready', {
    timeout: RENDER_QUEUE_WAIT,
  });
  const renderId = /progress\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await page.getByRole('link', { name: 'Watch your video' }).click();
  const src = await page.getByTestId('render-video').getAttribute('src');
  expect(src).toBeTruthy();
  const video = await page.request.get(src!);
  expect(video.ok()).toBe(true);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-lyrics-'));
  const file = path.join(folder, 'video.mp4');
  await writeFile(file, await video.body());
  const frameAt = async (seconds: number) => {
    const out = path.join(folder, `frame-${seconds}.png`);
    await run('ffmpeg', ['-v', 'error', '-i', file, '-ss', String(seconds), '-frames:v', '1', out]);
    await copyFile(out, test.info().outputPath(`video-${seconds}s.png`));
    return pixelsOf(await readFile(out));
  };
  const videoBefore = await frameAt(BEFORE);
  const videoInside = await frameAt(INSIDE);
  // Inside a line the video's frame is the preview with the lyrics, not the one without them.
  const toWith = regionDifference(videoInside, pictures['Centred lines@inside']!);
  const toWithout = regionDifference(videoInside, pictures['None@inside']!);
  test.info().annotations.push({
    type: 'lyrics region',
    description: `preview: before ${previewBefore.toFixed(2)}, inside ${previewInside.toFixed(2)}; video at ${INSIDE} s to the preview with lyrics ${toWith.toFixed(2)}, without ${toWithout.toFixed(2)}`,
  });
  expect(toWith).toBeLessThan(toWithout * 0.7);
  expect(regionDifference(videoBefore, videoInside)).toBeGreaterThan(3);
  // Before the first line, the video's frame shows no lyrics: it is as near the preview without
  // them as the one with them (they are the same picture).
  expect(
    Math.abs(
      regionDifference(videoBefore, pictures['Centred lines@before']!) -
        regionDifference(videoBefore, pictures['None@before']!),
    ),
  ).toBeLessThan(1);

  // Publish it with the lyrics as captions: link a channel, then allow captions from the form.
  await linkStandInChannel(page);
  await page.goto(`/media/upload/${renderId}`);
  const lyricsGroup = page.getByRole('group', { name: 'Lyrics' });
  await expect(lyricsGroup).toContainText('The video shows 4 timed lines of lyrics.');
  await expect(lyricsGroup.getByLabel('Add them as captions on YouTube')).toBeChecked();
  await expect(lyricsGroup.getByRole('combobox', { name: 'Language of the lyrics' })).toHaveValue(
    'Spanish',
  );
  await page.getByLabel('Title').fill('Morning Lyrics');
  await lyricsGroup.getByLabel('Put the lyrics after the description').check();
  await page.getByRole('button', { name: 'Publish to YouTube' }).click();
  // Publishing waits for the permission YouTube asks for once.
  const allow = page.getByRole('button', { name: 'Allow captions' });
  await expect(allow).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('publish-captions.png'), fullPage: true });
  await allow.click();
  await allowOnConsentPage(page);
  // Back on the form, as it was left, and now allowed.
  await expect(page).toHaveURL(new RegExp(`/media/upload/${renderId}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Morning Lyrics');
  await expect(lyricsGroup.getByLabel('Put the lyrics after the description')).toBeChecked();
  await expect(page.getByTestId('captions-permission')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish to YouTube' }).click();
  await expect(page).toHaveURL(/\/media\/upload\/[0-9a-f-]{36}\/progress$/, { timeout: 30_000 });
  type StoredVideo = {
    snippet: { title: string; description: string };
    captions: Array<{ language: string; name: string; text: string }>;
  };
  const published = async () => {
    const answer = await page.request.get(`${GOOGLE_STAND_IN_URL}/_stand-in/state`);
    const { videos } = (await answer.json()) as { videos: StoredVideo[] };
    return videos.find((video) => video.snippet.title === 'Morning Lyrics');
  };
  await expect
    .poll(async () => (await published())?.captions.length ?? 0, { timeout: 120_000 })
    .toBe(1);
  const youtube = (await published())!;
  // In the language the editor saved with the lyrics, which the form started from.
  expect([youtube.captions[0]!.language, youtube.captions[0]!.name]).toEqual(['es', 'Lyrics']);
  // One cue per line, at the times tapped (within the keyboard's timing).
  const cues = youtube.captions[0]!.text.trim().split(/\n\n/);
  expect(cues.map((cue) => cue.split('\n')[2])).toEqual(LINES);
  expect(youtube.snippet.description.endsWith(LINES.join('\n'))).toBe(true);
  await expect(page.getByText('Captions added', { exact: false })).toBeVisible({ timeout: 30_000 });
});
