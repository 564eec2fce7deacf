import type { RenderHost, Surface } from '../../canvas-2d';
import { RENDER_FONT_MONO } from '../../fonts';
import { loopWave } from '../../canvas-loop';
import { hash01 } from '../../random';
import { defineTemplate } from '../../template';
import { unit } from '../draw-helpers';
import { palette } from '../palette';
import { drawFittedText } from '../text';
import { artworkBackdrop, beatAccent, beatStep, CANVAS_INFO, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

const BANDS = 6;

interface Layers {
  base: Surface;
  red: Surface;
  blue: Surface;
  scanlines: Surface;
}

/** One colour channel of the picture (multiplied by that colour). */
function channel(host: RenderHost, base: Surface, color: string): Surface {
  const { width, height } = base.image;
  const surface = host.createSurface(width, height);
  surface.ctx.drawImage(base.image, 0, 0);
  surface.ctx.globalCompositeOperation = 'multiply';
  surface.ctx.fillStyle = color;
  surface.ctx.fillRect(0, 0, width, height);
  surface.ctx.globalCompositeOperation = 'source-over';
  return surface;
}

function scanlines(host: RenderHost, width: number, height: number, u: number): Surface {
  const surface = host.createSurface(width, height);
  const step = Math.max(2, Math.round(4 * u));
  surface.ctx.fillStyle = 'rgba(0,0,0,0.22)';
  for (let y = 0; y < height; y += step) surface.ctx.fillRect(0, y, width, Math.ceil(step / 2));
  return surface;
}

/** A worn VHS tape: colour fringes, scanlines, a rolling bar, and glitches that tear on beats. */
export const vhsGlitch = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'vhs-glitch',
  title: 'VHS Glitch',
  description:
    'Your artwork on a worn VHS tape: colour fringes and glitches that tear on the beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#10002b',
    secondary_color: '#7b2cbf',
    color_border: '#f8f9fa',
  }),
  prepare(host, scene) {
    const { width, height } = scene.settings;
    const base = artworkBackdrop(host, scene, { blur: 0, darken: 0.1, vignette: 0.35 });
    return {
      base,
      red: channel(host, base, '#ff0000'),
      blue: channel(host, base, '#00ffff'),
      scanlines: scanlines(host, width, height, unit(width, height)),
    };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const seed = scene.settings.seed;
    ctx.drawImage(layers.base.image, 0, 0);
    // Colour fringes: the red and cyan channels pulled apart, wider on the beat.
    // Whole pixels: the layers are then copied, not resampled.
    const split = Math.round((3 + 26 * accent) * u);
    ctx.globalCompositeOperation = 'screen';
    ctx.globalAlpha = 0.55;
    ctx.drawImage(layers.red.image, split, 0);
    ctx.drawImage(layers.blue.image, -split, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';

    // Tearing bands, a new set each beat, torn as far as the pulse is strong (zero between).
    const step = beatStep(L);
    for (let i = 0; i < BANDS; i++) {
      const y = Math.round(hash01(seed, step, i * 3) * height);
      const h = Math.round((8 + hash01(seed, step, i * 3 + 1) * 90) * u);
      const shift = Math.round((hash01(seed, step, i * 3 + 2) - 0.5) * 160 * u * accent);
      if (shift === 0) continue;
      ctx.drawImage(layers.base.image, 0, y, width, h, shift, y, width, h);
    }

    // A brighter bar rolls down the picture, twice a loop.
    const barY = (((L.phase * 2) % 1) * 1.3 - 0.15) * height;
    const bar = ctx.createLinearGradient(0, barY - 120 * u, 0, barY + 120 * u);
    bar.addColorStop(0, 'rgba(255,255,255,0)');
    bar.addColorStop(0.5, `rgba(255,255,255,${0.06 + 0.05 * loopWave(L.phase, 3)})`);
    bar.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = bar;
    ctx.fillRect(0, barY - 120 * u, width, 240 * u);
    ctx.drawImage(layers.scanlines.image, 0, 0);

    // The deck's on-screen display.
    ctx.fillStyle = scene.settings.colors.color_border;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    const size = drawFittedText(ctx, 'PLAY', 60 * u, 70 * u, RENDER_FONT_MONO, 56 * u, width * 0.5);
    const x = 60 * u + ctx.measureText('PLAY').width + 24 * u;
    ctx.beginPath();
    ctx.moveTo(x, 70 * u + size * 0.2);
    ctx.lineTo(x + size * 0.6, 70 * u + size * 0.55);
    ctx.lineTo(x, 70 * u + size * 0.9);
    ctx.closePath();
    ctx.fill();
    drawTitleBlock(ctx, scene, width, height, u);
  },
});
