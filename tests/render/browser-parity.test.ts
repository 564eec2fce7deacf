import { chromium, type Browser, type Page } from '@playwright/test';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFrames,
  encodeHeader,
  type Analysis,
} from '../../core/audio-analysis/analysis-format';
import {
  defaultSettings,
  drawFrame,
  findTemplate,
  listTemplates,
  prepareSceneAsync,
} from '../../core/render/renderer';
import { PARTICLE_PRESETS } from '../../core/particles/presets';
import type { Aspect, SceneImages, SceneSettings } from '../../core/render/scene';
import type { TemplateInfo } from '../../core/render/template';
import type { LyricLine } from '../../core/lyrics/lyrics';
import { LYRIC_STYLE_NAMES } from '../../core/render/lyrics/styles';
import { createNodeSurface, loadNodeImage, nodeRenderHost } from '../../server/render/canvas-host';
import { registerRenderFonts } from '../../server/render/fonts';
import { fixtureAnalysis, fixtureImageBytes, loudAndQuiet } from './parity/fixture-scene';
import type { ParityRequest } from './parity/page-entry';
import { startParityServer, type ParityServer } from './parity/parity-server';

// The same frames drawn in Chromium (OffscreenCanvas, as the preview worker draws) and in Node
// (@napi-rs/canvas, as the server renders) must match: PSNR of at least 35 dB per frame.
const MIN_PSNR_DB = 35;

let analysis: Analysis;
let images: SceneImages;
let server: ParityServer;
let browser: Browser;
let page: Page;

function analysisBytes(a: Analysis): Uint8Array {
  const header = encodeHeader(a.summary);
  const frames = Array.from({ length: a.frameCount }, (_, i) => a.frame(i));
  const body = encodeFrames(frames, a.summary.bandCount);
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  return bytes;
}

/** PSNR in dB of two RGBA images over the colour channels (Infinity when identical). */
function psnr(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = a[i + c]! - b[i + c]!;
      sum += d * d;
    }
    n += 3;
  }
  const mse = sum / n;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

async function browserFrames(request: ParityRequest): Promise<Uint8ClampedArray[]> {
  const pngs = await page.evaluate(
    (r) =>
      (
        globalThis as unknown as {
          parity: { renderFrames: (r: ParityRequest) => Promise<string[]> };
        }
      ).parity.renderFrames(r),
    request,
  );
  const { width, height } = request.settings;
  return Promise.all(
    pngs.map(async (b64) => {
      const image = await loadImage(Buffer.from(b64, 'base64'));
      const surface = createNodeSurface(width, height);
      const ctx = surface.canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      return ctx.getImageData(0, 0, width, height).data;
    }),
  );
}

function browserParticleCounts(): Promise<number[]> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { parity: { particleCounts: () => number[] } }
    ).parity.particleCounts(),
  );
}

/** The frames as the server draws them, and the particles alive in each (0 for other kinds). */
async function nodeFrames(request: ParityRequest) {
  const { settings } = request;
  const prepared = await prepareSceneAsync(nodeRenderHost, {
    settings,
    images: request.withImages ? images : {},
    analysis: settings.kind === 'visualizer' || settings.kind === 'particles' ? analysis : null,
  });
  const surface = createNodeSurface(settings.width, settings.height);
  const ctx = surface.canvas.getContext('2d');
  const counts: number[] = [];
  const frames = request.times.map((t) => {
    drawFrame(surface.ctx, prepared, t);
    counts.push(prepared.scene.particles?.count() ?? 0);
    return ctx.getImageData(0, 0, settings.width, settings.height).data;
  });
  prepared.scene.particles?.destroy();
  return { frames, counts };
}

beforeAll(async () => {
  registerRenderFonts();
  analysis = await fixtureAnalysis();
  images = {
    album_art: await loadNodeImage(await fixtureImageBytes('album_art')),
    background: await loadNodeImage(await fixtureImageBytes('background')),
    logo: await loadNodeImage(await fixtureImageBytes('logo')),
  };
  server = await startParityServer(analysisBytes(analysis));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  await page.goto(server.url);
  await page.evaluate(() =>
    (globalThis as unknown as { parity: { loadAssets: () => Promise<unknown> } }).parity
      .loadAssets()
      .then(() => undefined),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function settingsOf(info: TemplateInfo, aspect: Aspect): SceneSettings {
  return { ...defaultSettings(info, aspect), title: 'Midnight Drive', artist: 'Frozen Bubble' };
}

describe('the same frames in Chromium and in Node', () => {
  const templates = listTemplates();
  it.each(templates.map((t) => [t.name, t] as const))(
    '%s matches (PSNR >= 35 dB per frame)',
    async (_name, info) => {
      const { loud, quiet } = loudAndQuiet(analysis);
      // A Canvas loop: its first frame (on the beat) and two moments through the loop. A particle
      // simulation only runs forward: its moments in order.
      const times =
        info.kind === 'visualizer'
          ? [loud, quiet, 7.3]
          : info.kind === 'particles'
            ? [Math.min(loud, quiet), Math.max(loud, quiet), 7.3]
            : info.kind === 'canvas'
              ? [0, 1.3, 2.9]
              : [0];
      const requests: ParityRequest[] = [
        { settings: settingsOf(info, '16:9'), withImages: true, times },
        {
          settings: settingsOf(info, info.aspects.at(-1)!),
          withImages: false,
          times: times.slice(0, 1),
        },
      ];
      const results: string[] = [];
      let worst = Infinity;
      for (const request of requests) {
        const inBrowser = await browserFrames(request);
        const { frames: inNode } = await nodeFrames(request);
        // The harness itself: a different moment must compare worse than the same one.
        if (request.times.length > 1) {
          expect(psnr(inNode[1]!, inBrowser[0]!)).toBeLessThan(psnr(inNode[0]!, inBrowser[0]!));
        }
        inNode.forEach((frame, i) => {
          const db = psnr(frame, inBrowser[i]!);
          worst = Math.min(worst, db);
          results.push(
            `${request.settings.width}x${request.settings.height} ${request.withImages ? 'images' : 'no images'} t=${request.times[i]!.toFixed(2)}: ${db.toFixed(1)} dB`,
          );
        });
      }
      console.log(`${info.name}: min ${worst.toFixed(1)} dB\n  ${results.join('\n  ')}`);
      expect(worst, results.join('; ')).toBeGreaterThanOrEqual(MIN_PSNR_DB);
    },
  );
});

// A particle render runs tsParticles' engine itself on both sides, on a fixed step from the same
// seed: the same design gives the same particles, drawn by Skia in Chromium and in Node.
const MIN_PARTICLE_PSNR_DB = 30;
/** Each preset is compared at a loud beat within the track's first seconds. */
const EARLY_SECONDS = 6;

describe('the same particles in Chromium and in Node', () => {
  const info = findTemplate('particles', 'particle-system')!;
  it.each(PARTICLE_PRESETS.map((p) => [p.name, p] as const))(
    '%s: the same particles in every frame (PSNR >= 30 dB)',
    async (_name, preset) => {
      // A loud beat early in the track: the simulation runs every frame up to it on both sides
      // (the particle-system template above runs one to the track's loudest beat, 28.6 s in).
      const { loud } = loudAndQuiet(analysis, EARLY_SECONDS);
      const settings: SceneSettings = {
        ...defaultSettings(info, '16:9'),
        width: 640,
        height: 360,
        seed: 11,
        particles: preset.design,
      };
      const request: ParityRequest = {
        settings,
        withImages: true,
        times: [0.5, 2, Math.max(2.5, loud)],
      };
      const inBrowser = await browserFrames(request);
      const browserCounts = await browserParticleCounts();
      const { frames: inNode, counts } = await nodeFrames(request);
      expect(counts).toEqual(browserCounts);
      expect(counts.every((n) => n > 0)).toBe(true);
      const dbs = inNode.map((frame, i) => psnr(frame, inBrowser[i]!));
      console.log(
        `particles ${preset.name}: ${dbs.map((d) => d.toFixed(1)).join(', ')} dB; particles ${counts.join(', ')}`,
      );
      // The harness itself: another moment compares worse than the same one.
      expect(psnr(inNode[2]!, inBrowser[0]!)).toBeLessThan(dbs[0]!);
      for (const db of dbs) expect(db).toBeGreaterThanOrEqual(MIN_PARTICLE_PSNR_DB);
    },
  );
});

const lyric = (text: string, start: number): LyricLine => ({
  text,
  startSeconds: start,
  endSeconds: null,
  words: null,
  section: 0,
});
/** A line in each script the lyric fonts cover, the first long enough to wrap. */
const PARITY_LYRICS: LyricLine[] = [
  lyric('When the night comes rolling over the hills and the city lights go dim one by one', 2),
  lyric('مرحبا بالعالم، هذه أغنية عن الليل', 4),
  lyric('שלום עולם, זה שיר על הלילה', 6),
  lyric('夜が来て街の灯りがひとつずつ消えていく', 8),
  lyric('नमस्ते दुनिया, यह रात का गीत है', 10),
];

describe('the same lyrics in Chromium and in Node', () => {
  const info = findTemplate('visualizer', 'mirrored-bars')!;
  it.each(LYRIC_STYLE_NAMES.map((s) => [s] as const))(
    '%s matches (PSNR >= 35 dB per frame)',
    async (style) => {
      const lyrics = { lines: PARITY_LYRICS, style };
      const requests: ParityRequest[] = [
        {
          settings: { ...settingsOf(info, '16:9'), lyrics },
          withImages: true,
          times: [2.6, 4.7, 8.8],
        },
        {
          settings: { ...settingsOf(info, '9:16'), lyrics },
          withImages: false,
          times: [6.5, 10.4],
        },
      ];
      const results: string[] = [];
      let worst = Infinity;
      for (const request of requests) {
        const inBrowser = await browserFrames(request);
        const { frames: inNode } = await nodeFrames(request);
        inNode.forEach((frame, i) => {
          const db = psnr(frame, inBrowser[i]!);
          worst = Math.min(worst, db);
          results.push(
            `${request.settings.width}x${request.settings.height} t=${request.times[i]!.toFixed(2)}: ${db.toFixed(1)} dB`,
          );
        });
      }
      console.log(`lyrics ${style}: min ${worst.toFixed(1)} dB\n  ${results.join('\n  ')}`);
      expect(worst, results.join('; ')).toBeGreaterThanOrEqual(MIN_PSNR_DB);
    },
    60_000,
  );
});
