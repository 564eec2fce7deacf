// The titled thumbnail for YouTube: a 1280x720 JPEG within 2 MB of the render's look (drawn by
// the renderer at the template's 16:9 layout) with the title drawn large over it.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import { presetDesign } from '../../core/particles/presets';
import { defaultSettings, findTemplate, listTemplates } from '../../core/render/renderer';
import type { SceneSettings } from '../../core/render/scene';
import { PARTICLE_TEMPLATE_NAME } from '../../core/render/templates/particles/particle-system';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import {
  renderTitleThumbnail,
  RenderInputError,
  TITLE_THUMBNAIL,
  type RenderJobInput,
} from '../../server/render/engine';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import { colourShare, ffmpegOutput, testFfmpeg } from './media-compare';

const WAV = fixture('audio/intro-30s.wav');

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;
let analysis: Analysis;

beforeAll(async () => {
  temp = await makeTempDir('render-title-thumbnail');
  ffmpeg = await testFfmpeg();
  analysis = await analyseAudioFile(ffmpeg, WAV);
});
afterAll(async () => {
  await temp?.remove();
});

function inputOf(settings: SceneSettings): RenderJobInput {
  return {
    settings,
    audioPath: WAV,
    durationSeconds: 30,
    analysis,
    imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
  };
}

const titled = (name: string): SceneSettings => ({
  // The hook's vertical settings: the thumbnail takes the template's 16:9 layout itself.
  ...defaultSettings(findTemplate('visualizer', name)!, '9:16'),
  title: 'Midnight Runner',
  artist: 'The Lanterns',
});

/** The JPEG as ffprobe sees it, and its lower third (where the title is) as RGB24. */
async function inspect(file: string) {
  const bytes = await readFile(file);
  const probe = await ffmpeg.probe(file);
  const rgb = await ffmpegOutput(ffmpeg, [
    ...['-i', file, '-vf', 'crop=iw:ih/3:0:ih*2/3', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
  return { bytes, stream: probe.streams[0], lowerThird: rgb };
}

describe('the titled thumbnail', () => {
  test("1280x720 JPEG under 2 MB, the look's frame with the title large and white", async () => {
    const out = path.join(temp.dir, 'thumb.jpg');
    const result = await renderTitleThumbnail(inputOf(titled('circular-spectrum')), out, {
      atSeconds: 12,
    });
    expect(result.atSeconds).toBe(12);
    const { bytes, stream, lowerThird } = await inspect(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(result.bytes).toBe(bytes.length);
    expect(bytes.length).toBeLessThanOrEqual(TITLE_THUMBNAIL.maxBytes);
    expect(bytes.length).toBeGreaterThan(20_000);
    expect(stream).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });

    // Without a title and artist: the same frame, and no big white type in the lower third.
    const plain = path.join(temp.dir, 'plain.jpg');
    await renderTitleThumbnail(
      inputOf({ ...titled('circular-spectrum'), title: '', artist: '' }),
      plain,
      { atSeconds: 12 },
    );
    const white = colourShare(lowerThird, '#ffffff', 30);
    expect(white).toBeGreaterThan(0.04);
    expect(white).toBeGreaterThan(
      10 * colourShare((await inspect(plain)).lowerThird, '#ffffff', 30),
    );
  });

  test("a section's start is the default moment; a particle look works too", async () => {
    const settings: SceneSettings = {
      ...defaultSettings(findTemplate('particles', PARTICLE_TEMPLATE_NAME)!, '1:1'),
      particles: presetDesign('snow'),
      title: 'Snowfall',
      artist: 'The Lanterns',
    };
    const out = path.join(temp.dir, 'particles.jpg');
    const result = await renderTitleThumbnail(
      { ...inputOf(settings), section: { startSeconds: 2, endSeconds: 6, fadeSeconds: 0.5 } },
      out,
    );
    expect(result.atSeconds).toBe(2);
    const { stream, bytes } = await inspect(out);
    expect(stream).toMatchObject({ width: 1280, height: 720 });
    expect(bytes.length).toBeLessThanOrEqual(TITLE_THUMBNAIL.maxBytes);
  });

  test('a look without a 16:9 layout (a Canvas) is refused', async () => {
    const info = listTemplates('canvas')[0]!;
    const error = await renderTitleThumbnail(
      inputOf(defaultSettings(info)),
      path.join(temp.dir, 'canvas.jpg'),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderInputError);
  });
});
