// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CanvasVideo } from '../../../../src/api/canvas';
import { renderTiming } from '../../../../src/features/renders/render-rules';
import { fakeApi } from '../fake-api';
import { cleanUpAppAfterEach, renderApp, signedInSession } from '../render-app';
import { configuration, visualizer } from '../renders/render-fixtures';
import { libraryAudio } from '../uploads/upload-fixtures';
import { KIT_ID } from './kit-fixtures';

const TRACK = 'a1';
const started = { started_at: '2026-03-12T10:00:05.000Z' };

/** A kit's three visualizers (the full video rendering, the hooks waiting) and its Canvas. */
const kitVisualizers = [
  visualizer({
    upload_uuid: 'v-full',
    ...started,
    release_kit: { kit_uuid: KIT_ID, output: 'full' },
  }),
  visualizer({
    upload_uuid: 'v-vertical',
    started_at: null,
    configuration: configuration({ width: 1080, height: 1920 }),
    release_kit: { kit_uuid: KIT_ID, output: 'vertical' },
  }),
  visualizer({
    upload_uuid: 'v-feed',
    started_at: null,
    configuration: configuration({ width: 1080, height: 1350 }),
    release_kit: { kit_uuid: KIT_ID, output: 'feed' },
  }),
];
const kitCanvas: CanvasVideo = {
  ...visualizer({
    upload_uuid: 'c-canvas',
    started_at: null,
    template_title: 'Slow Zoom',
    configuration: configuration({ width: 1080, height: 1920 }),
    release_kit: { kit_uuid: KIT_ID, output: 'canvas' },
  }),
  render_status: 'PROGRESSING',
  loop: { seconds: 6, frames: 180, beats: 12, bpm: 120, section_start: 64 },
};
const otherTrack = visualizer({
  upload_uuid: 'v-other',
  audio_uuid: 'a2',
  render_status: 'COMPLETE',
  configuration: configuration({ title: 'Another Song' }),
});

beforeEach(() => {
  renderTiming.pollIntervalMs = 60_000;
});

cleanUpAppAfterEach();

function serve() {
  return fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': {
      body: {
        audios: [
          libraryAudio({
            audio_uuid: TRACK,
            file_name: 'night-drive.mp3',
            title: 'Night Drive',
            core_processing_status: 'FAILED',
          }),
        ],
      },
    },
    'GET /api/visualizers/get-user-visualizers': {
      body: { visualizers: [...kitVisualizers, otherTrack] },
    },
    'GET /api/music-videos/get-user-static-videos': { body: { videos: [] } },
    'GET /api/canvas-videos/get-user-canvas-videos': { body: { videos: [kitCanvas] } },
    'GET /api/elements/get-particle-system-renders': { body: { renders: [] } },
  });
}

describe('a release kit’s videos in the library', () => {
  it('are labelled as parts of their kit, with a link back; one not started waits, not 0 %', async () => {
    serve();
    renderApp({ session: signedInSession(null), path: '/media/visualizers' });
    await waitFor(() => expect(screen.getAllByTestId('render-card')).toHaveLength(4));
    const card = (name: string) =>
      screen.getAllByTestId('render-card').find((c) => within(c).queryByText(name))!;
    const vertical = card('Vertical hook of a release kit');
    expect(
      within(vertical)
        .getByRole('link', { name: 'Vertical hook of a release kit' })
        .getAttribute('href'),
    ).toBe(`/media/release-kits/${KIT_ID}`);
    expect(within(vertical).getByText('Waiting')).toBeTruthy();
    expect(within(vertical).queryByText('0%')).toBeNull();
    expect(within(vertical).queryByText(/Rendering/)).toBeNull();
    expect(within(card('Full video of a release kit')).getByText('Rendering')).toBeTruthy();
    expect(within(card('Another Song')).queryByTestId('kit-part-link')).toBeNull();
  });

  it('all show on their track’s page, each linked to its kit', async () => {
    serve();
    renderApp({ session: signedInSession(null), path: `/media/audio/${TRACK}` });
    const list = await screen.findByTestId('track-videos');
    await waitFor(() => expect(within(list).getAllByTestId('track-video')).toHaveLength(4));
    expect(screen.queryByText('No videos yet')).toBeNull();
    expect(
      within(list)
        .getAllByTestId('kit-part-link')
        .map((link) => link.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Full video of a release kit',
        'Vertical hook of a release kit',
        'Feed hook of a release kit',
        'Spotify Canvas of a release kit',
      ]),
    );
    expect(within(list).queryByText('Another Song')).toBeNull();
  });
});
