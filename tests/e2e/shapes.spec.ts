// The preview is the video at every shape. In the visualizer and particle creators, with the
// track's timed lyrics on in a style, each shape is chosen, the window is made phone-sized and
// desktop-sized again (a resized preview once went back to a 16:9 backing inside a 9:16 box),
// and then: the preview's backing has the output's aspect, and its picture at the first moment
// matches the first frame of the video rendered from that screen (PSNR, both at the preview's
// size). The screens and frames are kept as files of the run, to look at.
import type { Page } from '@playwright/test';
import { LARGER_OUTPUTS_MESSAGE } from '../../core/plans/catalogue';
import { outputSize, type Aspect, type Resolution } from '../../core/render/scene';
import type { Lyrics } from '../../core/lyrics/lyrics';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { csrfTokenOf, signUpThroughApi, subscribeThroughStandIn } from './account-helpers';
import { DESKTOP, PHONE, expect, sweep, test } from './fixtures';
import {
  expectFrameMatchesPreview,
  expectPreviewAspect,
  previewPicture,
  type PreviewPicture,
} from './preview-compare';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  excerpt,
  uploadLibraryTrack,
} from './render-helpers';

/** A shape (at 1080p unless said), and the lyric style shown over it. */
type Look = { aspect: Aspect; style: string; resolution?: Resolution };

// Every shape in each creator, and every lyric style at least once.
const VISUALIZER_LOOKS: Look[] = [
  { aspect: '9:16', style: 'Captions' },
  // 4K from the create screen on a paid plan, as YouTube takes it.
  { aspect: '16:9', style: 'Karaoke', resolution: '4k' },
  { aspect: '1:1', style: 'Centred lines' },
  { aspect: '4:5', style: 'Kinetic words' },
];
const PARTICLE_LOOKS: Look[] = [
  { aspect: '9:16', style: 'Karaoke' },
  { aspect: '16:9', style: 'Lyric sheet' },
  { aspect: '1:1', style: 'Captions' },
  { aspect: '4:5', style: 'Centred lines' },
];

/** Timed from the first moment, so the first frame shows words. */
const LYRICS: Lyrics = {
  language: 'en',
  lines: [
    ['Headlights on the water', 0, 0.7],
    ['we drive until the morning', 0.7, 1.4],
  ].map(([text, start, end]) => ({
    text: text as string,
    startSeconds: start as number,
    endSeconds: end as number,
    words: null,
    section: 0,
  })),
};

let ffmpeg: Ffmpeg;
let trackFile = '';
const TRACK_TITLE = 'night-drive';

test.beforeAll(async () => {
  ffmpeg = new Ffmpeg(await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined }));
  // A second and a half from the middle of a real track: its first frame already moves, and
  // the eight renders (one at 4K) stay short in the e2e server's one-at-a-time queue.
  trackFile = await excerpt('audio/intro-30s.m4a', {
    from: 12,
    seconds: 1.5,
    name: `${TRACK_TITLE}.m4a`,
  });
});

/** An account on the free plan with the track and its timed lyrics. */
async function musicianWithTrack(page: Page, tag: string): Promise<void> {
  await signUpThroughApi(page, { tag, password: `${tag}-pass-1`, verified: true });
  await uploadLibraryTrack(page, { file: trackFile, title: TRACK_TITLE });
  const { audios } = (await (await page.request.get('/api/audio/get-user-audios')).json()) as {
    audios: Array<{ audio_uuid: string }>;
  };
  const saved = await page.request.post('/api/audio/audio-lyrics-update', {
    headers: { 'X-CSRFToken': await csrfTokenOf(page) },
    data: { audioId: audios[0]!.audio_uuid, lyrics: LYRICS, baseRevision: 0 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Picks the library track and a lyric style, and waits for the preview to draw them. */
async function chooseTrackAndLyrics(page: Page, style: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(`^${TRACK_TITLE} \\(`) }).click();
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  const lyricsStyle = page.getByTestId('lyrics-style');
  await lyricsStyle.click();
  await page.getByRole('option', { name: style, exact: true }).click();
  await expect(lyricsStyle).toHaveValue(style);
}

/**
 * Chooses the shape (and resolution), resizes the window to a phone's and back, and checks the
 * preview's aspect.
 */
async function chooseShape(page: Page, { aspect, resolution = '1080p' }: Look): Promise<void> {
  const { width, height } = outputSize(aspect, resolution);
  const shape = page.getByRole('radiogroup', { name: 'Shape' });
  await shape.scrollIntoViewIfNeeded();
  await shape.getByText(aspect, { exact: true }).click();
  if (resolution === '4k') {
    await page
      .getByRole('radiogroup', { name: 'Resolution' })
      .getByText('4K', { exact: true })
      .click();
  }
  await expect(page.getByTestId('output-size')).toContainText(`${width} × ${height} pixels`);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectPreviewAspect(page, { width, height }, `at ${viewport.width} px`);
  }
}

interface Queued {
  name: string;
  id: string;
  preview: PreviewPicture;
}

async function videoUrlWhenDone(page: Page, list: string, key: string, id: string) {
  let url: string | null = null;
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get(list)).json()) as Record<
          string,
          Array<Record<string, unknown>>
        >;
        const entry = Object.values(answer)[0]!.find((item) => item[key] === id);
        url = (entry?.video_url as string | null) ?? null;
        return entry?.error ?? (url ? 'done' : 'rendering');
      },
      { timeout: RENDER_QUEUE_WAIT, intervals: [1000] },
    )
    .toBe('done');
  return url!;
}

test('a visualizer with lyrics: the preview is the video at every shape, resized', async ({
  page,
}) => {
  test.setTimeout(RENDER_TEST_TIMEOUT);
  await musicianWithTrack(page, 'shapes-viz');
  const create = '/audio-reactive-music-visualizers/create/circular-spectrum';

  // On the free plan 4K and 60 fps are shown, not to be chosen, with the reason and a way on.
  await page.goto(create);
  const choice = (group: string, label: string) =>
    page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label });
  await choice('Resolution', '4K').scrollIntoViewIfNeeded();
  await expect(choice('Resolution', '4K')).toBeDisabled();
  await expect(choice('Frame rate', '60 fps')).toBeDisabled();
  await expect(page.getByText(LARGER_OUTPUTS_MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await sweep(page, 'visualizer-create-free-empty');

  // A paid plan: 4K, and a credit for each shape.
  await subscribeThroughStandIn(page);
  const queued: Queued[] = [];
  for (const look of VISUALIZER_LOOKS) {
    const { aspect, style } = look;
    await page.goto(create);
    await chooseTrackAndLyrics(page, style);
    await chooseShape(page, look);
    const name = `visualizer-${aspect.replace(':', 'x')}`;
    if (look.resolution === '4k') {
      await expect(page.getByTestId('output-size')).toHaveText(
        'Landscape, 3840 × 2160 pixels, 30 frames a second',
      );
      await expect(page.getByTestId('render-estimate')).toHaveText(
        /^Estimated render time: (under a minute|about \d+ minutes?) once it starts\.$/,
      );
    }
    const preview = await previewPicture(page, name);
    if (aspect === '9:16') await sweep(page, 'visualizer-create-9x16-lyrics');
    await page.getByRole('button', { name: 'Render video' }).click();
    await expect(page).toHaveURL(/\/progress\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    queued.push({ name, id: page.url().split('/').pop()!, preview });
  }
  // The last one waits behind the others.
  await expect(page.getByTestId('render-status-card')).toBeVisible();
  await sweep(page, 'visualizer-progress-queued');
  for (const render of queued) {
    const url = await videoUrlWhenDone(
      page,
      '/api/visualizers/get-user-visualizers',
      'upload_uuid',
      render.id,
    );
    const file = await expectFrameMatchesPreview(page, render.name, render.preview, url);
    if (render.name === 'visualizer-16x9') {
      const video = (await ffmpeg.probe(file)).streams.find((s) => s.codec_type === 'video');
      expect(video).toMatchObject({ width: 3840, height: 2160, profile: 'High', level: 51 });
    }
  }
  await expect(page.getByTestId('render-status-card')).toHaveAttribute('data-phase', 'ready');
  await sweep(page, 'visualizer-progress-done');
});

test('a particle video with lyrics: the preview is the video at every shape, resized', async ({
  page,
}) => {
  test.setTimeout(RENDER_TEST_TIMEOUT);
  await musicianWithTrack(page, 'shapes-particles');
  await subscribeThroughStandIn(page);
  const queued: Queued[] = [];
  for (const look of PARTICLE_LOOKS) {
    const { aspect, style } = look;
    await page.goto('/tools/particle-system-editor');
    await page.getByRole('button', { name: 'Start from the Fireflies preset' }).click();
    await page.getByTestId('particle-count').fill('80');
    await chooseTrackAndLyrics(page, style);
    await chooseShape(page, look);
    const name = `particles-${aspect.replace(':', 'x')}`;
    const preview = await previewPicture(page, name);
    if (aspect === '9:16') await sweep(page, 'particle-editor-9x16-lyrics');
    await page.getByRole('button', { name: 'Render video' }).click();
    await expect(page).toHaveURL(/\/particle-system-render-progress\/[0-9a-f-]{36}$/, {
      timeout: 60_000,
    });
    queued.push({ name, id: page.url().split('/').pop()!, preview });
  }
  for (const render of queued) {
    const url = await videoUrlWhenDone(
      page,
      '/api/elements/get-particle-system-renders',
      'task_uuid',
      render.id,
    );
    await expectFrameMatchesPreview(page, render.name, render.preview, url);
  }
});
