import type { Surface } from '../canvas-2d';
import { RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { rgba } from './color';
import { frameShape, prepareBackdrop, resampleBands, unit } from './draw-helpers';
import { palette } from './palette';
import { drawFittedText } from './text';

const BARS_PER_SIDE = 36;

interface Layers {
  backdrop: Surface;
  values: Float32Array;
}

/** Mirrored bars: bass in the middle, mirrored left-right and reflected below the centre line. */
export const spectrumBars = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'mirrored-bars',
  title: 'Mirrored Bars',
  description:
    'Spectrum bars mirrored around the centre, reflected like glass over your background.',
  colorFields: ['bar_fill', 'bar_border', 'primary_color', 'secondary_color'],
  imageSlots: ['background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#0b0b1a',
    secondary_color: '#2b1055',
    bar_fill: '#9775fa',
    bar_border: '#e5dbff',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const backdrop = prepareBackdrop(
      host,
      scene.images.background ?? scene.images.album_art,
      width,
      height,
      { primary: colors.primary_color, secondary: colors.secondary_color },
      { blur: 0.02, darken: 0.5, vignette: 0.65 },
    );
    return { backdrop, values: new Float32Array(BARS_PER_SIDE) };
  },
  draw(ctx, { scene, layers, features, width, height }) {
    const { colors, title, artist } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);

    const values = resampleBands(features.bands, BARS_PER_SIDE, layers.values);
    const span = width * (width > height ? 0.78 : 0.88);
    const slot = span / (BARS_PER_SIDE * 2);
    const barW = slot * 0.62;
    const tall = frameShape(width, height) === 'tall';
    const mid = height * (tall ? 0.5 : 0.52);
    const maxH = Math.min(height * 0.3, width * 0.3);
    const cx = width / 2;

    // A soft line of light along the centre that swells on the beat.
    const lineGlow = ctx.createLinearGradient(cx - span / 2, 0, cx + span / 2, 0);
    lineGlow.addColorStop(0, rgba(colors.bar_fill, 0));
    lineGlow.addColorStop(0.5, rgba(colors.bar_fill, 0.35 + 0.5 * features.beat));
    lineGlow.addColorStop(1, rgba(colors.bar_fill, 0));
    ctx.fillStyle = lineGlow;
    const glowH = (6 + 26 * features.beat) * u;
    ctx.fillRect(cx - span / 2, mid - glowH / 2, span, glowH);

    const top = ctx.createLinearGradient(0, mid - maxH, 0, mid);
    top.addColorStop(0, colors.bar_border);
    top.addColorStop(0.55, colors.bar_fill);
    top.addColorStop(1, colors.bar_fill);
    const bottom = ctx.createLinearGradient(0, mid, 0, mid + maxH * 0.7);
    bottom.addColorStop(0, rgba(colors.bar_fill, 0.55));
    bottom.addColorStop(1, rgba(colors.bar_fill, 0));

    const heights: number[] = [];
    for (let i = 0; i < BARS_PER_SIDE; i++) {
      const v = values[i]!;
      heights.push(Math.max(3 * u, Math.pow(v, 1.6) * maxH * (1 + 0.08 * features.beat)));
    }
    const radius = barW / 2;
    ctx.fillStyle = top;
    ctx.beginPath();
    for (let i = 0; i < BARS_PER_SIDE; i++) {
      const h = heights[i]!;
      const offset = (i + 0.5) * slot - barW / 2;
      ctx.roundRect(cx + offset, mid - h - 2 * u, barW, h, [radius, radius, 0, 0]);
      ctx.roundRect(cx - offset - barW, mid - h - 2 * u, barW, h, [radius, radius, 0, 0]);
    }
    ctx.fill();
    ctx.fillStyle = bottom;
    ctx.beginPath();
    for (let i = 0; i < BARS_PER_SIDE; i++) {
      const h = heights[i]! * 0.6;
      const offset = (i + 0.5) * slot - barW / 2;
      ctx.rect(cx + offset, mid + 2 * u, barW, h);
      ctx.rect(cx - offset - barW, mid + 2 * u, barW, h);
    }
    ctx.fill();

    if (title || artist) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      const textY = tall ? height * 0.78 : height * 0.86;
      ctx.fillStyle = '#ffffff';
      drawFittedText(ctx, title, cx, textY, RENDER_FONT_SANS, 54 * u, width * 0.8, 700);
      ctx.fillStyle = rgba(colors.bar_border, 0.8);
      drawFittedText(
        ctx,
        artist.toUpperCase(),
        cx,
        textY + 52 * u,
        RENDER_FONT_SANS,
        28 * u,
        width * 0.8,
      );
    }
  },
});
