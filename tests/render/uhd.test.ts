// 4K and 60 fps outputs (issue 28): real renders through the engine, checked by ffprobe for
// YouTube's H.264 level and bitrate ceiling, and by their pixels: a 4K frame is the 1080p
// picture drawn with twice the pixels (templates and particle designs lay out in 1080p units).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import { presetDesign } from '../../core/particles/presets';
import { defaultSettings, findTemplate } from '../../core/render/renderer';
import { outputSize, type Aspect, type SceneSettings } from '../../core/render/scene';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { renderVideo, type RenderJobInput } from '../../server/render/engine';
import { YOUTUBE_RATES } from '../../server/repositories/ffmpeg/encode-args';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import { ffmpegOutput, psnr, testFfmpeg } from './media-compare';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;
let track: string;
let analysis: Analysis;

beforeAll(async () => {
  temp = await makeTempDir('render-uhd');
  ffmpeg = await testFfmpeg();
  // Two seconds of a real track, so a 4K render stays short.
  track = path.join(temp.dir, 'two-seconds.m4a');
  await ffmpeg.run([
    ...['-i', fixture('audio/intro-30s.m4a'), '-ss', '4', '-t', '2', '-c', 'copy', track],
  ]);
  analysis = await analyseAudioFile(ffmpeg, track);
});
afterAll(async () => {
  await temp?.remove();
});

function settingsOf(
  kind: 'visualizer' | 'single-frame' | 'particles',
  name: string,
  aspect: Aspect,
  resolution: '1080p' | '4k',
  fps: 30 | 60,
): SceneSettings {
  const settings = defaultSettings(findTemplate(kind, name)!, aspect);
  return { ...settings, ...outputSize(aspect, resolution), fps, seed: 7 };
}

async function render(settings: SceneSettings, name: string, withTrack = true): Promise<string> {
  const out = path.join(temp.dir, `${name}.mp4`);
  const input: RenderJobInput = {
    settings,
    audioPath: withTrack ? track : '',
    durationSeconds: withTrack ? analysis.summary.durationSeconds : 1,
    analysis: withTrack ? analysis : null,
    imagePaths: { background: fixture('images/truchet-1000.jpg') },
  };
  await renderVideo(input, out, { ffmpeg, tmpDir: temp.dir });
  return out;
}

async function videoStream(file: string) {
  const probe = await ffmpeg.probe(file);
  return probe.streams.find((s) => s.codec_type === 'video')!;
}

/** Frame `index` scaled to width x height (area averaging), as RGB24. */
function frameAt(file: string, index: number, width: number, height: number): Promise<Buffer> {
  return ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:v:0', '-vf', `select=eq(n\\,${index}),scale=${width}:${height}`],
    ...['-sws_flags', 'area', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
}

/** The x264 settings the encoder wrote into the stream (its SEI "options" text). */
async function x264Options(file: string): Promise<string> {
  const bytes = await readFile(file);
  const start = bytes.indexOf('options: ');
  return bytes.subarray(start, bytes.indexOf(0, start)).toString('latin1');
}

/** YouTube's ceiling (Mbit/s) and H.264 level of an output, as encode-args keeps them. */
function youtube(minSide: number, fps: number) {
  const rate = YOUTUBE_RATES.find((r) => r.minSide === minSide && r.fps === fps)!;
  return { level: Number(rate.level.replace('.', '')), ceiling: rate.mbps[1] };
}

describe('4K and 60 fps outputs', () => {
  test('a 4K30 visualizer: High at level 5.1 under 45 Mbit/s, the 1080p picture at twice the pixels', async () => {
    const uhd = await render(settingsOf('visualizer', 'mirrored-bars', '16:9', '4k', 30), 'v4k');
    const hd = await render(settingsOf('visualizer', 'mirrored-bars', '16:9', '1080p', 30), 'vhd');
    const video = await videoStream(uhd);
    const { level, ceiling } = youtube(2160, 30);
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 3840,
      height: 2160,
      r_frame_rate: '30/1',
      level,
    });
    expect(Number(video.bit_rate)).toBeLessThan(ceiling * 1e6);
    const options = await x264Options(uhd);
    expect(options).toContain(`vbv_maxrate=${ceiling * 1000}`);
    expect(options).toContain(`vbv_bufsize=${2 * ceiling * 1000}`);
    // A 1080p render stays as it was: x264's own level, no ceiling.
    expect(await x264Options(hd)).not.toContain('vbv_maxrate');

    for (const index of [15, 45]) {
      const big = await frameAt(uhd, index, 1920, 1080);
      const small = await frameAt(hd, index, 1920, 1080);
      expect(psnr(big, small), `frame ${index}`).toBeGreaterThan(30);
    }
  });

  test('a 1080p60 visualizer: level 4.2 under 12 Mbit/s, 60 frames a second', async () => {
    const file = await render(settingsOf('visualizer', 'pulse-rings', '9:16', '1080p', 60), 'v60');
    const video = await videoStream(file);
    const { level, ceiling } = youtube(1080, 60);
    expect(video).toMatchObject({ width: 1080, height: 1920, r_frame_rate: '60/1', level });
    expect(Number(video.nb_frames)).toBe(Math.ceil(analysis.summary.durationSeconds * 60 - 1e-9));
    expect(await x264Options(file)).toContain(`vbv_maxrate=${ceiling * 1000}`);
  });

  test('a 4K60 vertical particle render: level 5.2, and the same particles as at 1080p', async () => {
    const settings = (resolution: '1080p' | '4k') => ({
      ...settingsOf('particles', 'particle-system', '9:16', resolution, 60),
      particles: presetDesign('snow'),
    });
    const uhd = await render(settings('4k'), 'p4k', false);
    const hd = await render(settings('1080p'), 'phd', false);
    const video = await videoStream(uhd);
    const { level, ceiling } = youtube(2160, 60);
    expect(video).toMatchObject({ width: 2160, height: 3840, r_frame_rate: '60/1', level });
    expect(await x264Options(uhd)).toContain(`vbv_maxrate=${ceiling * 1000}`);
    // Sizes, speeds and places of the particles scale with the frame: the last frame of the 4K
    // render, brought down to 1080p, is the 1080p render's (small points: x264 and the
    // scaling blur them a little, so the bar is lower than for bars).
    const last = Number(video.nb_frames) - 1;
    const big = await frameAt(uhd, last, 1080, 1920);
    const small = await frameAt(hd, last, 1080, 1920);
    expect(psnr(big, small)).toBeGreaterThan(30);
  });

  test('a 4K square single-frame video: 2160x2160 at level 5.1', async () => {
    const file = await render(settingsOf('single-frame', 'cover-on-blur', '1:1', '4k', 30), 's4k');
    const video = await videoStream(file);
    expect(video).toMatchObject({
      width: 2160,
      height: 2160,
      profile: 'High',
      level: youtube(2160, 30).level,
    });
  });
});
