// Kits as the server answers them (/api/release-kits), for the screens' tests.
import type { KitPartView, ReleaseKit } from '../../../../src/api/release-kits';
import type { KitOutput } from '../../../../core/render/release-kit';

import { screen } from '@testing-library/react';

export const KIT_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
/** The calls the kit's page makes, as the fake API's keys. */
export const KIT = `GET /api/release-kits/${KIT_ID}`;
export const CHANNELS = 'GET /api/accounts/yt/get-authorized-channels';

/** A file's row on the kit's page, by its output. */
export const partRow = (output: string) =>
  screen.getAllByTestId('kit-part').find((row) => row.dataset.output === output)!;

const SHAPES: Record<KitOutput, Pick<KitPartView, 'file_name' | 'width' | 'height' | 'seconds'>> = {
  full: { file_name: 'night-drive-full-16x9.mp4', width: 1920, height: 1080, seconds: 192 },
  vertical: { file_name: 'night-drive-hook-9x16.mp4', width: 1080, height: 1920, seconds: 30 },
  feed: { file_name: 'night-drive-hook-4x5.mp4', width: 1080, height: 1350, seconds: 30 },
  canvas: { file_name: 'night-drive-canvas.mp4', width: 1080, height: 1920, seconds: 6 },
  thumbnail: { file_name: 'night-drive-thumbnail.jpg', width: 1280, height: 720, seconds: 0 },
};

const PAGE: Partial<Record<KitOutput, string>> = {
  full: '/media/visualizers/',
  vertical: '/media/visualizers/',
  feed: '/media/visualizers/',
  canvas: '/canvas-render-progress/',
};

const POSTER: Partial<Record<KitOutput, string>> = {
  full: '/api/visualizers/thumbnail/',
  vertical: '/api/visualizers/thumbnail/',
  feed: '/api/visualizers/thumbnail/',
  canvas: '/api/canvas-videos/thumbnail/',
};

export function kitPart(output: KitOutput, changes: Partial<KitPartView> = {}): KitPartView {
  const status = changes.status ?? 'COMPLETE';
  const done = status === 'COMPLETE';
  const render = `render-${output}`;
  const file = `/api/release-kits/${KIT_ID}/files/${output}`;
  return {
    output,
    ...SHAPES[output],
    audio_start_seconds: output === 'full' ? 0 : 64,
    audio_end_seconds: output === 'full' ? 192 : output === 'canvas' ? 70 : 94,
    render_uuid: render,
    status,
    waiting: null,
    percent_complete: done ? 100 : 0,
    eta_seconds: null,
    error: null,
    page_path: PAGE[output] ? `${PAGE[output]}${render}` : null,
    file_url: done ? file : null,
    poster_url: done && POSTER[output] ? `${POSTER[output]}${render}` : null,
    download_url: done ? `${file}?download=1` : null,
    ...changes,
  };
}

export function kitOf(changes: Partial<ReleaseKit> = {}): ReleaseKit {
  const parts =
    changes.parts ??
    (['full', 'vertical', 'feed', 'canvas', 'thumbnail'] as const).map((o) => kitPart(o));
  return {
    kit_uuid: KIT_ID,
    title: 'Night Drive',
    artist: 'Lumen',
    audio_uuid: 'a1',
    audio_file_name: 'night-drive.mp3',
    template: 'mirrored-bars',
    feed: '4:5',
    bpm: 120,
    hook: { start_seconds: 64, end_seconds: 94, bars: 15, fade_seconds: 0.5 },
    status: 'COMPLETE',
    percent_complete: 100,
    eta_seconds: null,
    parts,
    zip_url: `/api/release-kits/${KIT_ID}/zip`,
    created_at: '2026-03-12T10:00:00.000Z',
    ...changes,
  };
}

/** A kit a third done: the full video rendering, the others waiting behind it. */
export function kitUnderWay(changes: Partial<ReleaseKit> = {}): ReleaseKit {
  const waiting = (place: number) => ({
    status: 'WAITING' as const,
    waiting: { place, behind: ['full' as const] },
  });
  return kitOf({
    status: 'IN-PROGRESS',
    percent_complete: 34.2,
    eta_seconds: 760,
    zip_url: `/api/release-kits/${KIT_ID}/zip`,
    parts: [
      kitPart('full', { status: 'RENDERING', percent_complete: 41.5, eta_seconds: 430 }),
      kitPart('vertical', waiting(1)),
      kitPart('feed', waiting(2)),
      kitPart('canvas', waiting(3)),
      kitPart('thumbnail'),
    ],
    ...changes,
  });
}
