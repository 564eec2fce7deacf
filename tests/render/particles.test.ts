// Particle renders through the render engine: every preset becomes a real video with the
// track's audio (checked by ffprobe), the beat bursts show in the pixels, and one seed gives the
// same frames every time (what makes the editor's preview and the server's render agree).

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import { createParticleStage } from '../../core/particles/particle-stage';
import { getRandom } from '@tsparticles/engine';
import type { ParticleDesign } from '../../core/particles/design';
import { PARTICLE_PRESETS, presetDesign } from '../../core/particles/presets';
import { findTemplate, defaultSettings } from '../../core/render/renderer';
import type { SceneSettings } from '../../core/render/scene';
import { PARTICLE_TEMPLATE_NAME } from '../../core/render/templates/particles/particle-system';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { canvasPixels, createNodeSurface, nodeRenderHost } from '../../server/render/canvas-host';
import { renderVideoAnySize } from '../../server/render/engine';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import {
  CONFETTI,
  FALLING_WOBBLE,
  IMPORTED_DESIGNS,
  TWINKLING_SNOW,
} from '../support/imported-designs';
import { makeTempDir } from '../support/temp-dir';
import { ffmpegOutput, testFfmpeg } from './media-compare';

const TRACK = fixture('audio/intro-8s-mono.mp3');
const SMALL = { width: 640, height: 360, fps: 30 };

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;
/** The 8 s track's analysis: its beats drive the stage's bursts. */
let analysis: Analysis;
/**
 * The first 3 s of the track, its MP3 packets copied: what a preset's video with a track needs
 * (a track's length, frames a second apart), in under half the frames of the whole track.
 */
let excerpt: { path: string; analysis: Analysis };

beforeAll(async () => {
  temp = await makeTempDir('render-particles');
  ffmpeg = await testFfmpeg();
  analysis = await analyseAudioFile(ffmpeg, TRACK);
  const cut = path.join(temp.dir, 'three-seconds.mp3');
  await ffmpeg.run(['-i', TRACK, '-t', '3', '-c', 'copy', cut]);
  excerpt = { path: cut, analysis: await analyseAudioFile(ffmpeg, cut) };
});
afterAll(async () => {
  await temp?.remove();
});

function settingsFor(preset: string, overrides: Partial<SceneSettings> = {}): SceneSettings {
  const template = findTemplate('particles', PARTICLE_TEMPLATE_NAME)!;
  return {
    ...defaultSettings(template),
    ...SMALL,
    seed: 11,
    particles: presetDesign(preset),
    ...overrides,
  };
}

async function renderParticles(settings: SceneSettings, name: string, withTrack = true) {
  const out = path.join(temp.dir, `${name}.mp4`);
  await renderVideoAnySize(
    {
      settings,
      audioPath: withTrack ? excerpt.path : '',
      durationSeconds: withTrack ? excerpt.analysis.summary.durationSeconds : 2,
      analysis: withTrack ? excerpt.analysis : null,
      imagePaths: { background: fixture('images/truchet-1000.jpg') },
    },
    out,
    { ffmpeg, tmpDir: temp.dir },
  );
  return out;
}

/** Decoded frames at the given times, as RGB bytes. */
async function framesAt(file: string, settings: SceneSettings) {
  const raw = await ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:v:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const size = settings.width * settings.height * 3;
  return Array.from({ length: raw.length / size }, (_, i) =>
    raw.subarray(i * size, (i + 1) * size),
  );
}

/** The track's beats, in seconds. */
const beatTimes = () => analysis.summary.beatFrames.map((f) => f / analysis.summary.fps);

const meanDifference = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('every preset renders a video with the track (640x360, 30 fps)', () => {
  test.each(PARTICLE_PRESETS.map((p) => [p.name] as const))('%s', async (name) => {
    const settings = settingsFor(name);
    const file = await renderParticles(settings, name);
    const probe = await ffmpeg.probe(file);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 640,
      height: 360,
      r_frame_rate: '30/1',
    });
    expect(audio?.codec_name).toBe('aac');
    // The picture lasts as long as the track, within one frame.
    const seconds = Number(video!.nb_frames) / 30;
    expect(seconds).toBeGreaterThan(2.5);
    expect(Math.abs(seconds - excerpt.analysis.summary.durationSeconds)).toBeLessThanOrEqual(
      1 / 30,
    );
    // The particles move: frames a second apart differ.
    const frames = await framesAt(file, settings);
    expect(meanDifference(frames[30]!, frames[60]!)).toBeGreaterThan(0.05);
  });
});

describe("designs imported from tsParticles' site render (640x360, 2 s, no track)", () => {
  test.each(Object.keys(IMPORTED_DESIGNS))('%s', async (name) => {
    const design = IMPORTED_DESIGNS[name as keyof typeof IMPORTED_DESIGNS];
    const settings = { ...settingsFor('snow'), particles: design };
    const file = await renderParticles(settings, `imported-${name}`, false);
    const probe = await ffmpeg.probe(file);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    const frames = await framesAt(file, settings);
    expect(frames).toHaveLength(60);
    expect(meanDifference(frames[20]!, frames[50]!)).toBeGreaterThan(0.05);
  });
});

/** Confetti from seed 11 without a track: rendered once, read by the two tests below. */
let confettiSilent: Promise<string> | undefined;
const renderConfettiSilent = () =>
  (confettiSilent ??= renderParticles(settingsFor('confetti'), 'seed-a', false));

test('without a track the particles still move and the video is silent', async () => {
  const file = await renderConfettiSilent();
  const probe = await ffmpeg.probe(file);
  expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
  expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
  const frames = await framesAt(file, settingsFor('confetti'));
  expect(meanDifference(frames[20]!, frames[50]!)).toBeGreaterThan(0.05);
});

test('one seed gives the same video twice; another seed another one', async () => {
  const settings = settingsFor('confetti');
  const [a, b, c] = await Promise.all([
    renderConfettiSilent(),
    renderParticles(settings, 'seed-b', false),
    renderParticles({ ...settings, seed: 12 }, 'seed-c', false),
  ]);
  const [fa, fb, fc] = await Promise.all([a, b, c].map((f) => framesAt(f, settings)));
  expect(fa!.length).toBe(fb!.length);
  for (const i of [0, 30, 59]) {
    expect(meanDifference(fa![i]!, fb![i]!), `frame ${i}`).toBe(0);
  }
  expect(meanDifference(fa![59]!, fc![59]!)).toBeGreaterThan(0.5);
});

describe('the stage moves to the music', () => {
  async function stageOf(
    preset: string | ParticleDesign,
    withMusic: boolean,
    engineDrawsAll = false,
  ) {
    const stage = await createParticleStage(nodeRenderHost, {
      design: typeof preset === 'string' ? presetDesign(preset) : preset,
      ...SMALL,
      seed: 5,
      analysis: withMusic ? analysis : null,
      engineDrawsAll,
    });
    // The stage's particles on a transparent frame: what the engine drew, then the circles.
    const pixels = () => {
      const frame = createNodeSurface(SMALL.width, SMALL.height);
      stage.drawOn(frame.ctx);
      const rgba = canvasPixels(frame.canvas);
      stage.blendInto({ data: rgba, width: SMALL.width, height: SMALL.height, scale: 1 });
      return rgba;
    };
    return { stage, pixels };
  }

  /** Pixels with any particle in the middle third of the frame. */
  const litInCentre = (rgba: Uint8Array) => {
    let lit = 0;
    const [w, h] = [Math.floor(SMALL.width / 3), Math.floor(SMALL.height / 3)];
    for (let y = h; y < 2 * h; y++) {
      for (let x = w; x < 2 * w; x++) {
        if (rgba[(y * SMALL.width + x) * 4 + 3]! > 64) lit++;
      }
    }
    return lit;
  };

  // One stage of each design drawn by us and one by the engine, advanced alike: the pixels must
  // look alike, and the random numbers the two leave next must be the same (the engine's own
  // drawing, twinkle included, takes none that ours does not).
  test('circles drawn into the pixels look as the engine draws them, with the same random numbers (twinkle too)', async () => {
    const designs = ['snow', 'fireflies', FALLING_WOBBLE, TWINKLING_SNOW, CONFETTI] as const;
    const sameRandomNumbers = new Set<unknown>([FALLING_WOBBLE, TWINKLING_SNOW, CONFETTI]);
    for (const design of designs) {
      const preset = typeof design === 'string' ? design : design.name;
      const ours = await stageOf(design, true);
      ours.stage.advanceTo(2);
      const oursNext = [getRandom(), getRandom(), getRandom()];
      const fast = Uint8Array.from(ours.pixels());
      ours.stage.destroy();
      const engine = await stageOf(design, true, true);
      engine.stage.advanceTo(2);
      const engineNext = [getRandom(), getRandom(), getRandom()];
      const drawn = engine.pixels();
      engine.stage.destroy();
      if (sameRandomNumbers.has(design)) expect(oursNext, preset).toEqual(engineNext);
      // Light in each channel (alpha-weighted) and pixels lit, within a few per cent.
      const light = (rgba: Uint8Array) => {
        let sum = 0;
        let lit = 0;
        for (let i = 0; i < rgba.length; i += 4) {
          sum += (rgba[i]! + rgba[i + 1]! + rgba[i + 2]!) * (rgba[i + 3]! / 255);
          if (rgba[i + 3]! > 32) lit++;
        }
        return { sum, lit };
      };
      const [a, b] = [light(fast), light(drawn)];
      expect(a.sum / b.sum, preset).toBeGreaterThan(0.95);
      expect(a.sum / b.sum, preset).toBeLessThan(1.05);
      expect(a.lit / b.lit, preset).toBeGreaterThan(0.9);
      expect(a.lit / b.lit, preset).toBeLessThan(1.1);
    }
  });

  test('a beat sends a burst out of the centre', async () => {
    const beat = beatTimes().find((b) => b > 1)!;
    expect(beat).toBeDefined();
    const { stage, pixels } = await stageOf('beat-burst', true);
    stage.advanceTo(beat - 1 / SMALL.fps);
    const before = { count: stage.count(), lit: litInCentre(pixels()) };
    stage.advanceTo(beat + 1 / SMALL.fps);
    const after = { count: stage.count(), lit: litInCentre(pixels()) };
    stage.destroy();
    const burst = Math.round(presetDesign('beat-burst').audio.burst * 300);
    // The burst, less what earlier bursts lose off the frame in the meantime.
    expect(after.count - before.count).toBeGreaterThanOrEqual(burst * 0.66);
    expect(after.lit).toBeGreaterThan(before.lit * 1.5 + 50);
  });

  test('without the music there is no burst', async () => {
    const beat = beatTimes().find((b) => b > 1)!;
    const { stage } = await stageOf('beat-burst', false);
    stage.advanceTo(beat - 3 / SMALL.fps);
    const before = stage.count();
    stage.advanceTo(beat + 3 / SMALL.fps);
    const after = stage.count();
    stage.destroy();
    expect(Math.abs(after - before)).toBeLessThan(20);
  });

  test('a stage cannot go back; a new one with the same seed replays the same frames', async () => {
    const first = await stageOf('fireflies', true);
    first.stage.advanceTo(1);
    const frameOne = Uint8Array.from(first.pixels());
    first.stage.advanceTo(0.5);
    expect(first.stage.frame).toBe(30);
    first.stage.destroy();
    expect(() => first.stage.advanceTo(2)).toThrow('This particle stage has ended');
    const second = await stageOf('fireflies', true);
    second.stage.advanceTo(1);
    expect(meanDifference(second.pixels(), frameOne)).toBe(0);
    second.stage.destroy();
  });
});

describe('the updaters imported designs use most change the picture as on their site', () => {
  /** One white circle on a still frame (where the seed puts it), with one updater's options. */
  const oneCircle = (radius: number, updater: Record<string, unknown>): ParticleDesign => ({
    ...TWINKLING_SNOW,
    options: {
      particles: {
        number: { value: 1 },
        paint: { fill: { enable: true, color: { value: '#ffffff' } } },
        shape: { type: 'circle' },
        opacity: { value: 1 },
        size: { value: radius },
        move: { enable: false },
        ...updater,
      },
    },
  });

  /** The lit pixels of a stage's frame at t: how many, their centre and colour. */
  async function litAt(design: ParticleDesign, t: number) {
    const stage = await createParticleStage(nodeRenderHost, {
      design,
      ...SMALL,
      seed: 3,
      analysis: null,
    });
    stage.advanceTo(t);
    const surface = createNodeSurface(SMALL.width, SMALL.height);
    stage.drawOn(surface.ctx);
    const rgba = canvasPixels(surface.canvas);
    stage.blendInto({ data: rgba, width: SMALL.width, height: SMALL.height, scale: 1 });
    stage.destroy();
    const lit = { count: 0, x: 0, y: 0, red: 0, blue: 0 };
    for (let y = 0; y < SMALL.height; y++) {
      for (let x = 0; x < SMALL.width; x++) {
        const at = (y * SMALL.width + x) * 4;
        if (rgba[at + 3]! < 128) continue;
        lit.count++;
        lit.x += x;
        lit.y += y;
        lit.red += rgba[at]!;
        lit.blue += rgba[at + 2]!;
      }
    }
    return { ...lit, x: lit.x / lit.count, y: lit.y / lit.count };
  }

  test('wobble moves a still circle about', async () => {
    const wobbling = oneCircle(6, {
      wobble: { enable: true, distance: 30, speed: { angle: 30, move: 30 } },
    });
    const [a, b] = [await litAt(wobbling, 0.2), await litAt(wobbling, 1)];
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2);
    const still = oneCircle(6, {});
    const [c, d] = [await litAt(still, 0.2), await litAt(still, 1)];
    expect(Math.hypot(c.x - d.x, c.y - d.y)).toBeLessThan(0.01);
  });

  test('twinkle gives a circle its twinkle colour', async () => {
    const twinkling = oneCircle(10, {
      twinkle: { particles: { enable: true, frequency: 1, opacity: 1, fillColor: '#ff0000' } },
    });
    const lit = await litAt(twinkling, 0.5);
    expect(lit.count).toBeGreaterThan(200);
    expect(lit.red / lit.count).toBeGreaterThan(200);
    expect(lit.blue / lit.count).toBeLessThan(40);
  });

  test('tilt turns a circle into an ellipse', async () => {
    const round = await litAt(oneCircle(10, {}), 0.5);
    // A skew of the circle: its area is |det| of the transform, here 1 ± cos 60° sin 60°.
    const tilted = await litAt(oneCircle(10, { tilt: { enable: true, value: 60 } }), 0.5);
    expect(Math.abs(tilted.count / round.count - 1)).toBeGreaterThan(0.3);
    expect(Math.hypot(tilted.x - round.x, tilted.y - round.y)).toBeLessThan(1);
  });
});
