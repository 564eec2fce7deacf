import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../../../core/audio-analysis/analysis-format';
import {
  checkSettings,
  defaultSettings,
  drawFrame,
  listTemplates,
  prepareSceneAsync,
} from '../../../../core/render/renderer';
import { ASPECTS, COLOR_FIELDS, type Scene, type SceneImages } from '../../../../core/render/scene';
import type { TemplateInfo } from '../../../../core/render/template';
import {
  createNodeSurface,
  loadNodeImage,
  nodeRenderHost,
} from '../../../../server/render/canvas-host';
import { registerRenderFonts } from '../../../../server/render/fonts';
import {
  fixtureAnalysis,
  fixtureImageBytes,
  loudAndQuiet,
} from '../../../render/parity/fixture-scene';

let analysis: Analysis;
let images: SceneImages;
let moments: { loud: number; quiet: number };

beforeAll(async () => {
  registerRenderFonts();
  analysis = await fixtureAnalysis();
  moments = loudAndQuiet(analysis);
  images = {
    album_art: await loadNodeImage(await fixtureImageBytes('album_art')),
    background: await loadNodeImage(await fixtureImageBytes('background')),
    logo: await loadNodeImage(await fixtureImageBytes('logo')),
  };
}, 60_000);

function sceneOf(info: TemplateInfo, aspect: keyof typeof ASPECTS, withImages: boolean): Scene {
  return {
    settings: {
      ...defaultSettings(info, aspect),
      title: 'Midnight Drive',
      artist: 'Frozen Bubble',
    },
    images: withImages ? images : {},
    analysis: info.kind === 'visualizer' || info.kind === 'particles' ? analysis : null,
  };
}

/**
 * Frames at the times (a particle scene simulates up to each: give its times in order); with
 * `lastOnly`, every time is drawn in turn but only the last frame's pixels are read.
 */
async function pixels(
  scene: Scene,
  times: number[],
  lastOnly = false,
): Promise<Uint8ClampedArray[]> {
  const prepared = await prepareSceneAsync(nodeRenderHost, scene);
  const { width, height } = scene.settings;
  const surface = createNodeSurface(width, height);
  const ctx = surface.canvas.getContext('2d');
  const frames: Uint8ClampedArray[] = [];
  times.forEach((t, i) => {
    drawFrame(surface.ctx, prepared, t);
    if (!lastOnly || i === times.length - 1)
      frames.push(ctx.getImageData(0, 0, width, height).data);
  });
  prepared.scene.particles?.destroy();
  return frames;
}

/**
 * A moment to draw: a particle scene simulates every frame up to it, so it gets an early one
 * (the particles are all there from the first frame).
 */
const momentOf = (info: TemplateInfo, t: number) => (info.kind === 'particles' ? t / 10 : t);

function meanLuma(data: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < data.length; i += 16) {
    sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  }
  return sum / (data.length / 16);
}

function meanAbsDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const templates = listTemplates();
const visualizers = listTemplates('visualizer');

describe('the template catalogue', () => {
  it('has at least 8 visualizers, 6 single-frame and 8 Canvas templates with unique names', () => {
    expect(visualizers.length).toBeGreaterThanOrEqual(8);
    expect(listTemplates('single-frame').length).toBeGreaterThanOrEqual(6);
    expect(listTemplates('canvas').length).toBeGreaterThanOrEqual(8);
    expect(new Set(templates.map((t) => t.name)).size).toBe(templates.length);
  });

  it.each(templates.map((t) => [t.name, t] as const))('%s describes itself fully', (_n, info) => {
    expect(info.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(info.title.length).toBeGreaterThan(2);
    expect(info.description.length).toBeGreaterThan(10);
    for (const field of COLOR_FIELDS) expect(info.defaultColors[field]).toMatch(/^#[0-9a-f]{6}$/i);
    // A particle design holds its own colours (core/particles/design.ts).
    if (info.kind !== 'particles') expect(info.colorFields.length).toBeGreaterThan(0);
    if (info.kind === 'visualizer' || info.kind === 'particles') {
      expect([...info.aspects]).toEqual(['16:9', '1:1', '9:16', '4:5']);
    } else if (info.kind === 'canvas') expect([...info.aspects]).toEqual(['9:16']);
    else expect(info.aspects).toEqual(expect.arrayContaining(['16:9', '1:1']));
    expect(checkSettings(defaultSettings(info)).ok).toBe(true);
  });
});

describe.each(templates.map((t) => [t.name, t] as const))('template %s', (_name, info) => {
  it('draws at every offered aspect, with and without images', async () => {
    for (const aspect of info.aspects) {
      for (const withImages of [true, false]) {
        const [frame] = await pixels(sceneOf(info, aspect, withImages), [
          momentOf(info, moments.loud),
        ]);
        const { width, height } = ASPECTS[aspect];
        expect(frame!.length).toBe(width * height * 4);
        // Something was drawn: not one flat colour.
        let min = 255;
        let max = 0;
        for (let i = 0; i < frame!.length; i += 4 * 97) {
          min = Math.min(min, frame![i + 1]!);
          max = Math.max(max, frame![i + 1]!);
        }
        expect(max - min).toBeGreaterThan(20);
      }
    }
  });

  it('is deterministic: the same t twice, and frame k alone or after frames 0..k-1', async () => {
    const scene = sceneOf(info, '1:1', true);
    const fps = 30;
    const k = 12;
    const start = momentOf(info, 10);
    const t = start + k / fps;
    const inSequence = (
      await pixels(
        scene,
        Array.from({ length: k + 1 }, (_, i) => start + i / fps),
        true,
      )
    ).at(-1)!;
    const [alone, again] = await pixels(sceneOf(info, '1:1', true), [t, t]);
    expect(Buffer.from(alone!).equals(Buffer.from(again!))).toBe(true);
    expect(Buffer.from(alone!).equals(Buffer.from(inSequence))).toBe(true);
  });

  if (info.kind === 'visualizer') {
    it('is livelier at a loud beat than in a quiet passage', async () => {
      const [loud, quiet] = await pixels(sceneOf(info, '16:9', true), [
        moments.loud,
        moments.quiet,
      ]);
      // Every visualizer adds light with the music: bars, glow, rings, sparks or the trace.
      expect(meanAbsDiff(loud!, quiet!)).toBeGreaterThan(1);
      expect(meanLuma(loud!)).toBeGreaterThan(meanLuma(quiet!) + 0.5);
    });
  } else if (info.kind === 'canvas') {
    it('loops: one loop later is the same picture, and in between it moves', async () => {
      const scene = sceneOf(info, '9:16', true);
      const seconds = scene.settings.loop!.frames / scene.settings.fps;
      // 0.37 of a loop: no template's symmetry (a record's whole turns) brings it back there.
      const [a, b, c] = await pixels(scene, [1.2, 1.2 + seconds, 1.2 + seconds * 0.37]);
      expect(Buffer.from(a!).equals(Buffer.from(b!))).toBe(true);
      expect(meanAbsDiff(a!, c!)).toBeGreaterThan(0.5);
    });
  } else if (info.kind === 'particles') {
    it('moves: the particles are elsewhere a second later', async () => {
      const [a, b] = await pixels(sceneOf(info, '16:9', false), [0.5, 1.5]);
      expect(meanAbsDiff(a!, b!)).toBeGreaterThan(0.1);
    });
  } else {
    it('is a still picture: the same at every time', async () => {
      const [a, b] = await pixels(sceneOf(info, '16:9', true), [0, 17.3]);
      expect(Buffer.from(a!).equals(Buffer.from(b!))).toBe(true);
    });
  }
});

describe('template sources', () => {
  it('use no Math.random, no clock and only the bundled fonts', async () => {
    const dir = path.resolve(import.meta.dirname, '../../../../core/render');
    const files = [
      ...(await readdir(dir)).map((f) => path.join(dir, f)),
      ...(await readdir(path.join(dir, 'templates'))).map((f) => path.join(dir, 'templates', f)),
      ...(await readdir(path.join(dir, 'templates/canvas'))).map((f) =>
        path.join(dir, 'templates/canvas', f),
      ),
    ].filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      // Code only: comments may say what the code must not do.
      const source = (await readFile(file, 'utf8'))
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(source, file).not.toMatch(/Math\.random|Date\.now|new Date|performance\.now/);
      // Fonts are named through core/render/fonts.ts, never as a literal family.
      expect(source, file).not.toMatch(/px (sans-serif|serif|monospace|Arial|Helvetica)/);
    }
  });
});
