// Spotify Canvas loops through the render engine, checked as Spotify and a listener would: the
// file's format with ffprobe, and the seam with the decoded frames (the last frame must flow into
// the first as smoothly as any frame into the next).

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planLoop, sectionBpm } from '../../core/render/canvas-loop';
import { defaultSettings, listTemplates } from '../../core/render/renderer';
import type { SceneSettings } from '../../core/render/scene';
import type { TemplateInfo } from '../../core/render/template';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { renderVideo } from '../../server/render/engine';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { topLevelAtoms } from '../support/mp4-atoms';
import { makeTempDir } from '../support/temp-dir';
import { ffmpegOutput, testFfmpeg } from './media-compare';

/** Frames are compared at half size: the measure is a mean, and it keeps 100+ frames small. */
const COMPARE_SCALE = 2;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;

beforeAll(async () => {
  temp = await makeTempDir('render-canvas');
  ffmpeg = await testFfmpeg();
});
afterAll(async () => {
  await temp?.remove();
});

async function renderCanvas(settings: SceneSettings, name: string): Promise<string> {
  const out = path.join(temp.dir, `${name}.mp4`);
  await renderVideo(
    {
      settings,
      audioPath: '',
      durationSeconds: settings.loop ? settings.loop.frames / settings.fps : 1,
      analysis: null,
      imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
    },
    out,
    { ffmpeg, tmpDir: temp.dir },
  );
  return out;
}

/** Spotify's Canvas rules, read back with ffprobe. */
async function expectSpotifyCanvas(file: string, settings: SceneSettings): Promise<void> {
  const probe = await ffmpeg.probe(file);
  expect(probe.streams.filter((s) => s.codec_type === 'audio')).toEqual([]);
  const video = probe.streams.filter((s) => s.codec_type === 'video');
  expect(video).toHaveLength(1);
  expect(video[0]).toMatchObject({
    codec_name: 'h264',
    profile: 'High',
    pix_fmt: 'yuv420p',
    width: settings.width,
    height: settings.height,
    r_frame_rate: `${settings.fps}/1`,
    nb_frames: String(settings.loop!.frames),
  });
  expect(settings.width / settings.height).toBeCloseTo(9 / 16, 9);
  const seconds = Number(probe.format.duration);
  expect(seconds).toBeGreaterThanOrEqual(3);
  expect(seconds).toBeLessThanOrEqual(8);
  expect(Math.abs(seconds - settings.loop!.frames / settings.fps)).toBeLessThan(1 / settings.fps);
  // Index at the front: players (and Spotify's checks) start before the whole file is read.
  const atoms = await topLevelAtoms(file);
  expect(atoms.indexOf('moov')).toBeLessThan(atoms.indexOf('mdat'));
}

/**
 * Mean absolute difference (per RGB sample) between each frame and the next, the last frame's
 * to the first included, from the decoded video.
 */
async function frameDifferences(file: string, settings: SceneSettings) {
  const w = settings.width / COMPARE_SCALE;
  const h = settings.height / COMPARE_SCALE;
  const raw = await ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:v:0', '-vf', `scale=${w}:${h}:flags=area`],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const size = w * h * 3;
  const frames = raw.length / size;
  const diff = (a: number, b: number) => {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += Math.abs(raw[a * size + i]! - raw[b * size + i]!);
    return sum / size;
  };
  const consecutive = Array.from({ length: frames - 1 }, (_, i) => diff(i, i + 1));
  const sorted = [...consecutive].sort((a, b) => a - b);
  return {
    frames,
    median: sorted[sorted.length >> 1]!,
    seam: diff(frames - 1, 0),
  };
}

const templates = listTemplates('canvas');

test('at least 8 Canvas templates, each 9:16', () => {
  expect(templates.length).toBeGreaterThanOrEqual(8);
  for (const info of templates) expect(info.aspects).toEqual(['9:16']);
});

describe('every Canvas template renders a seamless Spotify Canvas (720x1280, 3 s, 30 fps)', () => {
  test.each(templates.map((t) => [t.name, t] as const))('%s', async (name, info: TemplateInfo) => {
    const settings: SceneSettings = {
      ...defaultSettings(info),
      width: 720,
      height: 1280,
      title: 'Night Drive',
      artist: 'Waveframe',
      // Six beats at 120 bpm, the shortest loop Spotify takes: pulses and their seam included.
      loop: { frames: 90, beats: 6, sectionStart: 0, energy: 0.8, bpm: 120 },
    };
    const file = await renderCanvas(settings, name);
    await expectSpotifyCanvas(file, settings);
    const { frames, median, seam } = await frameDifferences(file, settings);
    expect(frames).toBe(90);
    // It moves (a still picture would pass any seam measure).
    expect(median).toBeGreaterThan(0.05);
    // The seam is no bigger a step than a typical frame to the next.
    expect(seam, `seam ${seam.toFixed(3)} against median ${median.toFixed(3)}`).toBeLessThanOrEqual(
      1.5 * median,
    );
  });
});

test('cut on the beat of a track section, at Spotify size by default: whole beats of its tempo', async () => {
  const analysis = await analyseAudioFile(ffmpeg, fixture('audio/intro-30s.m4a'));
  const info = templates.find((t) => t.name === 'slow-zoom')!;
  const settings = defaultSettings(info);
  expect([settings.width, settings.height, settings.fps]).toEqual([1080, 1920, 30]);
  settings.loop = planLoop({ analysis, sectionStart: 10, fps: settings.fps });
  const bpm = sectionBpm(analysis, 10)!;
  expect(bpm).toBeGreaterThan(40);
  expect(settings.loop.beats).toBeGreaterThan(0);
  const beatSeconds = 60 / bpm;
  // A whole number of beats within half a frame.
  expect(
    Math.abs(settings.loop.frames / settings.fps - settings.loop.beats * beatSeconds),
  ).toBeLessThanOrEqual(0.5 / settings.fps + 1e-9);
  const file = await renderCanvas(settings, 'on-the-beat');
  await expectSpotifyCanvas(file, settings);
});

test('a Canvas without its loop, or of a size Spotify does not take, is refused', async () => {
  const info = templates[0]!;
  const noLoop = { ...defaultSettings(info), loop: undefined };
  await expect(renderCanvas(noLoop as SceneSettings, 'no-loop')).rejects.toThrow(
    'A Canvas needs its loop',
  );
  await expect(
    renderCanvas({ ...defaultSettings(info), width: 1920, height: 1080 }, 'landscape'),
  ).rejects.toThrow('Size 1920x1080 is not offered for a Canvas (1080x1920, 720x1280)');
  const tooLong = {
    ...defaultSettings(info),
    loop: { ...defaultSettings(info).loop!, frames: 300 },
  };
  await expect(renderCanvas(tooLong, 'too-long')).rejects.toThrow('A Canvas lasts 3 to 8 seconds');
});
