import type { Surface } from '../canvas-2d';
import { RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import {
  circularImage,
  frameShape,
  glowSprite,
  prepareBackdrop,
  resampleBands,
  unit,
} from './draw-helpers';
import { palette } from './palette';
import { drawFittedText } from './text';

const HALF_BARS = 64;

interface Layers {
  backdrop: Surface;
  art: Surface;
  glow: Surface;
  values: Float32Array;
  radius: number;
}

/** A ring of spectrum bars around the cover art, which breathes on the beat. */
export const circularSpectrum = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'circular-spectrum',
  title: 'Circular Spectrum',
  description: 'Your cover art in a ring of spectrum bars that breathes with every beat.',
  colorFields: ['spectrum_color', 'color_border', 'primary_color', 'secondary_color'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    spectrum_color: '#66d9e8',
    color_border: '#ffffff',
    primary_color: '#0c1b33',
    secondary_color: '#3b0a45',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const radius = Math.round(Math.min(width, height) * 0.19);
    const backdrop = prepareBackdrop(
      host,
      scene.images.background ?? scene.images.album_art,
      width,
      height,
      { primary: colors.primary_color, secondary: colors.secondary_color },
      { blur: 0.035, darken: 0.55, vignette: 0.7 },
    );
    let art: Surface;
    const d = radius * 2;
    if (scene.images.album_art) {
      art = circularImage(host, scene.images.album_art, d);
    } else {
      art = host.createSurface(d, d);
      const g = art.ctx.createLinearGradient(0, 0, d, d);
      g.addColorStop(0, mix(colors.primary_color, colors.spectrum_color, 0.35));
      g.addColorStop(1, mix(colors.secondary_color, '#000000', 0.2));
      art.ctx.fillStyle = g;
      art.ctx.beginPath();
      art.ctx.arc(radius, radius, radius, 0, Math.PI * 2);
      art.ctx.fill();
      art.ctx.strokeStyle = rgba(colors.color_border, 0.25);
      art.ctx.lineWidth = d * 0.006;
      for (let r = radius * 0.25; r < radius; r += radius * 0.12) {
        art.ctx.beginPath();
        art.ctx.arc(radius, radius, r, 0, Math.PI * 2);
        art.ctx.stroke();
      }
    }
    return {
      backdrop,
      art,
      glow: glowSprite(host, colors.spectrum_color),
      values: new Float32Array(HALF_BARS),
      radius,
    };
  },
  draw(ctx, { scene, layers, features, t, width, height }) {
    const { colors, title, artist } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);
    const portrait = frameShape(width, height) === 'tall';
    const cx = width / 2;
    const cy = portrait ? height * 0.42 : height / 2 - (title || artist ? 30 * u : 0);
    const pulse = 1 + 0.045 * features.beat + 0.03 * features.level;
    const r = layers.radius * pulse;

    // Glow behind the art, brighter on the beat.
    const glowSize = r * (3.2 + 0.8 * features.bass);
    ctx.globalAlpha = 0.18 + 0.35 * features.beat;
    ctx.globalCompositeOperation = 'lighter';
    ctx.drawImage(layers.glow.image, cx - glowSize / 2, cy - glowSize / 2, glowSize, glowSize);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;

    // Bars: the spectrum once down each side, bass at the top, slowly turning.
    const values = resampleBands(features.bands, HALF_BARS, layers.values);
    const base = r + 14 * u;
    const maxLen = layers.radius * 1.05;
    const step = Math.PI / HALF_BARS;
    const turn = t * 0.08;
    const stroke = ctx.createRadialGradient(cx, cy, base, cx, cy, base + maxLen);
    stroke.addColorStop(0, colors.spectrum_color);
    stroke.addColorStop(1, mix(colors.spectrum_color, colors.color_border, 0.7));
    ctx.strokeStyle = stroke;
    ctx.lineCap = 'round';
    ctx.lineWidth = Math.max(2, 2 * Math.PI * base * (0.5 / (HALF_BARS * 2)));
    ctx.beginPath();
    for (let i = 0; i < HALF_BARS; i++) {
      const len = 4 * u + Math.pow(values[i]!, 1.5) * maxLen;
      for (const side of [1, -1]) {
        const a = -Math.PI / 2 + turn + side * (i + 0.5) * step;
        const c = Math.cos(a);
        const s = Math.sin(a);
        ctx.moveTo(cx + c * base, cy + s * base);
        ctx.lineTo(cx + c * (base + len), cy + s * (base + len));
      }
    }
    ctx.stroke();

    // The art, with a ring.
    ctx.drawImage(layers.art.image, cx - r, cy - r, r * 2, r * 2);
    ctx.strokeStyle = colors.color_border;
    ctx.lineWidth = 5 * u;
    ctx.beginPath();
    ctx.arc(cx, cy, r + 2 * u, 0, Math.PI * 2);
    ctx.stroke();

    if (title || artist) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      const y = portrait ? height * 0.76 : Math.min(height - 90 * u, cy + base + maxLen + 80 * u);
      ctx.fillStyle = '#ffffff';
      drawFittedText(ctx, title, cx, y, RENDER_FONT_SANS, 52 * u, width * 0.8, 700);
      ctx.fillStyle = rgba(colors.color_border, 0.75);
      drawFittedText(ctx, artist, cx, y + 48 * u, RENDER_FONT_SANS, 30 * u, width * 0.8);
    }
  },
});
