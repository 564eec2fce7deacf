import type { RenderHost, Surface } from '../../canvas-2d';
import { RENDER_FONT_DISPLAY } from '../../fonts';
import type { Scene } from '../../scene';
import { defineTemplate } from '../../template';
import { mix } from '../color';
import { fillGradient, roundedImage, unit } from '../draw-helpers';
import { palette } from '../palette';
import { fitFont } from '../text';
import { beatAccent, CANVAS_INFO, loopArtwork, loopOf } from './canvas-helpers';

const ROWS = 7;

interface Layers {
  /** The row's text repeated along a strip: one period of it is `period` pixels wide. */
  strips: Surface[];
  period: number;
  rowHeight: number;
  card: Surface | null;
}

/** The words that scroll: the title (and artist), else a release line. */
function loopWords(scene: Scene): string {
  const { title, artist } = scene.settings;
  const words = [title, artist].filter(Boolean).join('  /  ');
  return `${(words || 'New music out now').toUpperCase()}  /  `;
}

function textStrip(host: RenderHost, scene: Scene, color: string, size: number, repeats: number) {
  const measure = host.createSurface(8, 8).ctx;
  const words = loopWords(scene);
  fitFont(measure, words, RENDER_FONT_DISPLAY, size, Number.MAX_SAFE_INTEGER);
  const period = Math.ceil(measure.measureText(words).width);
  const surface = host.createSurface(period * repeats, Math.ceil(size * 1.15));
  const ctx = surface.ctx;
  fitFont(ctx, words, RENDER_FONT_DISPLAY, size, Number.MAX_SAFE_INTEGER);
  ctx.fillStyle = color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < repeats; i++) ctx.fillText(words, i * period, surface.image.height / 2);
  return { surface, period };
}

/** Big type of the title scrolls in rows, each row the other way, around the artwork. */
export const titleLoop = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'title-loop',
  title: 'Title Loop',
  description: 'Your title in big type scrolling row by row around your artwork, on the beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_fill', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#0b090a',
    secondary_color: '#161a1d',
    color_fill: '#e5383b',
    color_border: '#f5f3f4',
  }),
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const rowHeight = height / ROWS;
    const size = rowHeight * 0.86;
    const first = textStrip(host, scene, colors.color_border, size, 1);
    // Enough repeats to cover the frame while scrolling one period.
    const repeats = Math.ceil(width / first.period) + 2;
    const strips = [colors.color_border, colors.color_fill].map(
      (color) => textStrip(host, scene, color, size, repeats).surface,
    );
    const art = loopArtwork(scene);
    const side = Math.round(width * 0.56);
    return {
      strips,
      period: first.period,
      rowHeight,
      card: art ? roundedImage(host, art, side, side, Math.round(side * 0.04)) : null,
    };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const { colors } = scene.settings;
    fillGradient(ctx, width, height, colors.primary_color, colors.secondary_color);
    // The row under the beat: one after another, a beat each.
    const lit = L.beats > 0 ? L.beat % ROWS : -1;
    for (let row = 0; row < ROWS; row++) {
      const direction = row % 2 === 0 ? 1 : -1;
      // One period a loop (two for odd rows), so every row is back where it began.
      const cycles = row % 2 === 0 ? 1 : 2;
      const offset = ((L.phase * cycles) % 1) * layers.period;
      // Whole pixels: each strip is then copied, not resampled (a third of the work).
      const x = Math.round(direction > 0 ? -layers.period + offset : -offset);
      const strip = layers.strips[row === lit ? 1 : 0]!;
      const y = Math.round(row * layers.rowHeight + (layers.rowHeight - strip.image.height) / 2);
      ctx.globalAlpha = row === lit ? 0.55 + 0.45 * L.pulse : 0.55;
      ctx.drawImage(strip.image, x, y);
    }
    ctx.globalAlpha = 1;
    if (layers.card) {
      const scale = 1 + 0.03 * accent;
      const side = layers.card.image.width * scale;
      ctx.fillStyle = mix(colors.primary_color, '#000000', 0.5);
      ctx.fillRect(width / 2 - side / 2 + 18 * u, height / 2 - side / 2 + 18 * u, side, side);
      ctx.drawImage(layers.card.image, width / 2 - side / 2, height / 2 - side / 2, side, side);
    }
  },
});
