// Section renders (a release kit's hook): a range of the track as its own video, at the kit's
// sizes (9:16, 1:1, 4:5), its frames those of that range, its audio cut to it and faded in and
// out, in the output format (H.264 High yuv420p, AAC-LC, fast start), checked with ffprobe.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import { presetDesign } from '../../core/particles/presets';
import { defaultSettings, drawFrame, findTemplate, prepareScene } from '../../core/render/renderer';
import type { Aspect, SceneSettings } from '../../core/render/scene';
import { PARTICLE_TEMPLATE_NAME } from '../../core/render/templates/particles/particle-system';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { createNodeSurface, loadNodeImage, nodeRenderHost } from '../../server/render/canvas-host';
import {
  renderVideo,
  RenderInputError,
  type AudioSection,
  type RenderJobInput,
} from '../../server/render/engine';
import { registerRenderFonts } from '../../server/render/fonts';
import type { Ffmpeg, ProbeResult } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { topLevelAtoms } from '../support/mp4-atoms';
import { makeTempDir } from '../support/temp-dir';
import {
  compareAudio,
  meanVolumeDb,
  monoPcm,
  psnr,
  rgbaToRgb,
  testFfmpeg,
  videoFrameRgb,
} from './media-compare';

const WAV = fixture('audio/intro-30s.wav');
const M4A = fixture('audio/intro-30s.m4a');
const FPS = 30;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;
let analysis: Analysis;

beforeAll(async () => {
  temp = await makeTempDir('render-section');
  ffmpeg = await testFfmpeg();
  analysis = await analyseAudioFile(ffmpeg, WAV);
});
afterAll(async () => {
  await temp?.remove();
});

function visualizer(name: string, aspect: Aspect): SceneSettings {
  return {
    ...defaultSettings(findTemplate('visualizer', name)!, aspect),
    title: 'Midnight Runner',
    artist: 'The Lanterns',
  };
}

function inputOf(settings: SceneSettings, section: AudioSection, audioPath = WAV): RenderJobInput {
  return {
    settings,
    audioPath,
    durationSeconds: 30,
    analysis,
    imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
    section,
  };
}

async function render(input: RenderJobInput, name: string) {
  const out = path.join(temp.dir, `${name}.mp4`);
  const result = await renderVideo(input, out, { ffmpeg, tmpDir: temp.dir });
  return { out, result, probe: await ffmpeg.probe(out) };
}

/** What the output format and the section ask of the file: sizes, codecs, lengths, fast start. */
async function expectSectionVideo(
  out: string,
  probe: ProbeResult,
  size: { width: number; height: number },
  seconds: number,
) {
  const video = probe.streams.find((s) => s.codec_type === 'video');
  const audio = probe.streams.find((s) => s.codec_type === 'audio');
  expect(video).toMatchObject({
    codec_name: 'h264',
    profile: 'High',
    pix_fmt: 'yuv420p',
    ...size,
    r_frame_rate: `${FPS}/1`,
  });
  expect(audio).toMatchObject({ codec_name: 'aac', profile: 'LC', sample_rate: '48000' });
  expect(Number(video?.nb_frames)).toBe(Math.ceil(seconds * FPS - 1e-9));
  for (const duration of [video?.duration, audio?.duration, probe.format.duration]) {
    expect(Math.abs(Number(duration) - seconds)).toBeLessThanOrEqual(1 / FPS + 1e-3);
  }
  const boxes = await topLevelAtoms(out);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

/** The fades: the first and last 50 ms far quieter than the middle second. */
async function expectFades(out: string, seconds: number) {
  const middle = await meanVolumeDb(ffmpeg, out, seconds / 2 - 0.5, seconds / 2 + 0.5);
  const first = await meanVolumeDb(ffmpeg, out, 0, 0.05);
  const last = await meanVolumeDb(ffmpeg, out, seconds - 0.05, seconds);
  expect(middle).toBeGreaterThan(-40);
  expect(first).toBeLessThan(middle - 15);
  expect(last).toBeLessThan(middle - 15);
}

/** Frame t of the scene as drawFrame draws it, as RGB24. */
async function drawnRgb(input: RenderJobInput, t: number): Promise<Buffer> {
  registerRenderFonts();
  const prepared = prepareScene(nodeRenderHost, {
    settings: input.settings,
    images: { album_art: await loadNodeImage(input.imagePaths.album_art!) },
    analysis: input.analysis,
  });
  const surface = createNodeSurface(input.settings.width, input.settings.height);
  drawFrame(surface.ctx, prepared, t);
  return rgbaToRgb(surface.canvas.data());
}

describe('a section of the track', () => {
  test('9:16 from a WAV: 4 s from 12 s, the frames and the sound of that range, faded', async () => {
    const section = { startSeconds: 12, endSeconds: 16, fadeSeconds: 0.5 };
    const input = inputOf(visualizer('circular-spectrum', '9:16'), section);
    const { out, result, probe } = await render(input, 'vertical');
    expect(result.durationSeconds).toBe(4);
    await expectSectionVideo(out, probe, { width: 1080, height: 1920 }, 4);
    await expectFades(out, 4);

    // The motion is that of the range: frame k shows the track at 12 s + k / fps.
    for (const k of [0, 61]) {
      const decoded = await videoFrameRgb(ffmpeg, out, k);
      expect(psnr(decoded, await drawnRgb(input, 12 + k / FPS))).toBeGreaterThan(35);
      expect(psnr(decoded, await drawnRgb(input, k / FPS))).toBeLessThan(30);
    }

    // The sound is the range's, in step: between the fades it matches the source from 12.5 s.
    const rate = 48000;
    const source = (await monoPcm(ffmpeg, WAV)).subarray(12.5 * rate, 15.5 * rate);
    const rendered = (await monoPcm(ffmpeg, out)).subarray(0.5 * rate, 3.5 * rate);
    const match = compareAudio(source, rendered);
    expect(Math.abs(match.lag)).toBeLessThanOrEqual(48); // 1 ms
    expect(match.correlation).toBeGreaterThan(0.98);
  });

  test('4:5 from AAC: 1080x1350, the audio re-encoded to fade, not copied', async () => {
    const section = { startSeconds: 3.25, endSeconds: 7.25, fadeSeconds: 0.75 };
    const input = inputOf(visualizer('mirrored-bars', '4:5'), section, M4A);
    const { out, probe } = await render(input, 'feed');
    await expectSectionVideo(out, probe, { width: 1080, height: 1350 }, 4);
    await expectFades(out, 4);
    const k = 45;
    expect(
      psnr(await videoFrameRgb(ffmpeg, out, k), await drawnRgb(input, 3.25 + k / FPS)),
    ).toBeGreaterThan(35);
  });

  test('1:1 particles: the simulation runs up to the section, then its frames are drawn', async () => {
    const settings: SceneSettings = {
      ...defaultSettings(findTemplate('particles', PARTICLE_TEMPLATE_NAME)!, '1:1'),
      seed: 7,
      particles: presetDesign('snow'),
    };
    const section = { startSeconds: 5, endSeconds: 8, fadeSeconds: 0.5 };
    const { out, probe } = await render(inputOf(settings, section), 'particles-square');
    await expectSectionVideo(out, probe, { width: 1080, height: 1080 }, 3);
    await expectFades(out, 3);
  });

  describe('a section that does not fit fails with RenderInputError', () => {
    const cases: [string, () => RenderJobInput, RegExp][] = [
      [
        'past the end of the track',
        () => inputOf(visualizer('mirrored-bars', '9:16'), s(28, 31, 0.5)),
        /after the track/,
      ],
      [
        'ending before it starts',
        () => inputOf(visualizer('mirrored-bars', '9:16'), s(8, 8, 0)),
        /end after it starts/,
      ],
      [
        'fades longer than half of it',
        () => inputOf(visualizer('mirrored-bars', '9:16'), s(2, 4, 1.5)),
        /fades must fit/,
      ],
      [
        'of a single-frame video',
        () => ({
          ...inputOf(defaultSettings(findTemplate('single-frame', 'cover-on-blur')!), s(2, 6, 1)),
          analysis: null,
        }),
        /cannot be a section/,
      ],
    ];
    test.each(cases)('%s', async (_name, input, message) => {
      const error = await renderVideo(input(), path.join(temp.dir, 'bad.mp4'), {
        ffmpeg,
        tmpDir: temp.dir,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RenderInputError);
      expect((error as Error).message).toMatch(message);
    });
  });
});

function s(startSeconds: number, endSeconds: number, fadeSeconds: number): AudioSection {
  return { startSeconds, endSeconds, fadeSeconds };
}
