import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { LyricLine } from '../../core/lyrics/lyrics';
import { safeArea } from '../../core/render/lyrics/layout';
import { LYRIC_STYLE_NAMES, type LyricStyleName } from '../../core/render/lyrics/styles';
import {
  defaultSettings,
  drawFrame,
  drawFrameCanvas,
  drawFrameOverlay,
  drawFramePixels,
  findTemplate,
  hasFrameOverlay,
  prepareSceneAsync,
} from '../../core/render/renderer';
import type { Aspect, SceneSettings } from '../../core/render/scene';
import {
  canvasPixels,
  createNodeSurface,
  nodeRenderHost,
  overlayPixels,
} from '../../server/render/canvas-host';
import { registerRenderFonts } from '../../server/render/fonts';
import { fixtureAnalysis } from './parity/fixture-scene';

let analysis: Analysis;
beforeAll(async () => {
  registerRenderFonts();
  analysis = await fixtureAnalysis();
}, 60_000);

const line = (text: string, start: number, end: number | null = null): LyricLine => ({
  text,
  startSeconds: start,
  endSeconds: end,
  words: null,
  section: 0,
});

/** One line per script, the first long enough to wrap. */
const SAMPLE_LYRICS: LyricLine[] = [
  line('When the night comes rolling over the hills and the city lights go dim one by one', 2),
  line('مرحبا بالعالم، هذه أغنية عن الليل', 4),
  line('שלום עולם, זה שיר על הלילה', 6),
  line('夜が来て街の灯りがひとつずつ消えていく', 8),
  line('नमस्ते दुनिया, यह रात का गीत है', 10, 12),
];

async function frame(settings: SceneSettings, t: number): Promise<Uint8ClampedArray> {
  const prepared = await prepareSceneAsync(nodeRenderHost, {
    settings,
    images: {},
    analysis,
  });
  const surface = createNodeSurface(settings.width, settings.height);
  drawFrame(surface.ctx, prepared, t);
  prepared.scene.particles?.destroy();
  return surface.canvas.getContext('2d').getImageData(0, 0, settings.width, settings.height).data;
}

/** Pixels of the safe area where two frames differ clearly (by more than 40 in a channel). */
function changedInSafeArea(a: Uint8ClampedArray, b: Uint8ClampedArray, w: number, h: number) {
  const box = safeArea(w, h);
  let changed = 0;
  for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
      const i = (y * w + x) * 4;
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(a[i + c]! - b[i + c]!))) > 40) changed++;
    }
  }
  return changed;
}

function settingsWith(
  kind: 'visualizer' | 'particles',
  name: string,
  aspect: Aspect,
  style: LyricStyleName | null,
): SceneSettings {
  const base = defaultSettings(findTemplate(kind, name)!, aspect);
  return style ? { ...base, lyrics: { lines: SAMPLE_LYRICS, style } } : base;
}

describe('lyrics on screen at their times', () => {
  it.each(LYRIC_STYLE_NAMES.map((s) => [s]))(
    '%s: no text just before the first line, its text at its start',
    async (style) => {
      for (const aspect of ['16:9', '9:16'] as const) {
        const bare = settingsWith('visualizer', 'mirrored-bars', aspect, null);
        const withLyrics = settingsWith('visualizer', 'mirrored-bars', aspect, style);
        const { width: w, height: h } = bare;
        const before = changedInSafeArea(
          await frame(bare, 1.95),
          await frame(withLyrics, 1.95),
          w,
          h,
        );
        const at = changedInSafeArea(await frame(bare, 2), await frame(withLyrics, 2), w, h);
        const after = changedInSafeArea(
          await frame(bare, 12.05),
          await frame(withLyrics, 12.05),
          w,
          h,
        );
        expect(before, `${aspect} before`).toBe(0);
        expect(after, `${aspect} after the last line`).toBe(0);
        expect(at, `${aspect} at the start`).toBeGreaterThan(2000);
      }
    },
    60_000,
  );

  it('draws over a particle render’s particles too', async () => {
    const bare = {
      ...settingsWith('particles', 'particle-system', '16:9', null),
      width: 960,
      height: 540,
    };
    const withLyrics = { ...bare, lyrics: { lines: SAMPLE_LYRICS, style: 'captions' as const } };
    const at = changedInSafeArea(await frame(bare, 2.5), await frame(withLyrics, 2.5), 960, 540);
    expect(at).toBeGreaterThan(500);
  }, 60_000);

  it('draws the same lyrics over particles in the server’s frame loop as drawFrame does', async () => {
    const settings = {
      ...settingsWith('particles', 'particle-system', '16:9', 'karaoke'),
      width: 960,
      height: 540,
    };
    const t = 2.5;
    const expected = await frame(settings, t);
    // As visualizer-worker.ts draws: the canvas, its pixels, the particles, then the overlay.
    const prepared = await prepareSceneAsync(nodeRenderHost, { settings, images: {}, analysis });
    const surface = createNodeSurface(960, 540);
    const input = drawFrameCanvas(surface.ctx, prepared, t);
    const rgba = canvasPixels(surface.canvas).slice();
    drawFramePixels(prepared, input, rgba);
    expect(hasFrameOverlay(prepared, t)).toBe(true);
    expect(hasFrameOverlay(prepared, 1.9)).toBe(false);
    overlayPixels(surface, rgba, (ctx) => drawFrameOverlay(ctx, prepared, input));
    prepared.scene.particles?.destroy();
    expect(Buffer.compare(Buffer.from(rgba), Buffer.from(expected))).toBe(0);
  }, 60_000);

  it('draws each script (PNGs in the temp folder to look at)', async () => {
    const dir = path.join(os.tmpdir(), 'waveframe-lyrics-frames');
    mkdirSync(dir, { recursive: true });
    const settings = settingsWith('visualizer', 'mirrored-bars', '16:9', 'centred');
    const bare = settingsWith('visualizer', 'mirrored-bars', '16:9', null);
    for (const [i, script] of ['latin', 'arabic', 'hebrew', 'japanese', 'devanagari'].entries()) {
      const t = SAMPLE_LYRICS[i]!.startSeconds! + 0.5;
      const pixels = await frame(settings, t);
      expect(changedInSafeArea(await frame(bare, t), pixels, 1920, 1080), script).toBeGreaterThan(
        2000,
      );
      const surface = createNodeSurface(1920, 1080);
      const ctx = surface.canvas.getContext('2d');
      const image = ctx.createImageData(1920, 1080);
      image.data.set(pixels);
      ctx.putImageData(image, 0, 0);
      writeFileSync(path.join(dir, `${script}.png`), await surface.canvas.encode('png'));
    }
  }, 60_000);
});
