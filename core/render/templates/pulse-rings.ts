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
import { recentBeats } from './events';
import { palette } from './palette';
import { drawFittedText } from './text';

const RING_SECONDS = 2.4;
const WAVE_POINTS = 96;

interface Layers {
  backdrop: Surface;
  centre: Surface | null;
  glow: Surface;
  values: Float32Array;
  radius: number;
}

/** Rings ripple out from the centre on every beat around a living spectrum ring. */
export const pulseRings = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'pulse-rings',
  title: 'Pulse Rings',
  description: 'Rings ripple outward on every beat around your logo or artwork.',
  colorFields: ['color_border', 'color_fill', 'spectrum_color', 'primary_color', 'secondary_color'],
  imageSlots: ['logo', 'album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    color_border: '#ffd43b',
    color_fill: '#1b1f3b',
    spectrum_color: '#ff6b6b',
    primary_color: '#10002b',
    secondary_color: '#240046',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const radius = Math.round(Math.min(width, height) * 0.15);
    const source = scene.images.logo ?? scene.images.album_art;
    return {
      backdrop: prepareBackdrop(
        host,
        scene.images.background,
        width,
        height,
        { primary: colors.primary_color, secondary: colors.secondary_color },
        { blur: 0.03, darken: 0.6, vignette: 0.7 },
      ),
      centre: source ? circularImage(host, source, radius * 2) : null,
      glow: glowSprite(host, colors.spectrum_color),
      values: new Float32Array(WAVE_POINTS / 2),
      radius,
    };
  },
  draw(ctx, { scene, layers, features, t, width, height }) {
    const { colors, title, artist } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);
    const cx = width / 2;
    const tall = frameShape(width, height) === 'tall';
    const cy = tall ? height * 0.44 : height / 2;
    const r = layers.radius * (1 + 0.05 * features.beat);
    const reach = Math.hypot(width, height) * 0.5;

    // One ring per recent beat, expanding and fading.
    ctx.lineCap = 'round';
    for (const beat of recentBeats(scene.analysis, t, RING_SECONDS)) {
      const p = beat.age / RING_SECONDS;
      const ease = 1 - Math.pow(1 - p, 2.2);
      const radius = r * 1.25 + ease * (reach - r);
      ctx.strokeStyle = rgba(
        beat.index % 2 === 0 ? colors.color_border : colors.spectrum_color,
        Math.pow(1 - p, 1.6) * 0.9 * beat.strength,
      );
      ctx.lineWidth = (10 * (1 - p) + 2) * u;
      ctx.beginPath();
      ctx.arc(cx, cy, radius, 0, Math.PI * 2);
      ctx.stroke();
    }

    // Glow and the spectrum as a closed, mirrored wave around the centre.
    const g = r * (3 + 1.5 * features.level);
    ctx.globalAlpha = 0.25 + 0.4 * features.beat;
    ctx.globalCompositeOperation = 'lighter';
    ctx.drawImage(layers.glow.image, cx - g / 2, cy - g / 2, g, g);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;

    const half = WAVE_POINTS / 2;
    const values = resampleBands(features.bands, half, layers.values);
    const base = r * 1.12;
    ctx.beginPath();
    for (let i = 0; i <= WAVE_POINTS; i++) {
      const k = i % WAVE_POINTS;
      const v = values[k < half ? k : WAVE_POINTS - 1 - k]!;
      const a = -Math.PI / 2 + (k / WAVE_POINTS) * Math.PI * 2;
      const rr = base + Math.pow(v, 1.4) * r * 0.9;
      if (i === 0) ctx.moveTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
      else ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
    }
    ctx.closePath();
    ctx.fillStyle = rgba(colors.spectrum_color, 0.35);
    ctx.fill();
    ctx.strokeStyle = mix(colors.spectrum_color, '#ffffff', 0.3);
    ctx.lineWidth = 3 * u;
    ctx.lineJoin = 'round';
    ctx.stroke();

    // The centre: logo or art in a disc, else a filled disc.
    ctx.fillStyle = colors.color_fill;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    if (layers.centre) ctx.drawImage(layers.centre.image, cx - r, cy - r, r * 2, r * 2);
    ctx.strokeStyle = colors.color_border;
    ctx.lineWidth = 4 * u;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.stroke();

    if (title || artist) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      const y = tall ? height * 0.8 : height * 0.9;
      ctx.fillStyle = '#ffffff';
      drawFittedText(ctx, title, cx, y - 40 * u, RENDER_FONT_SANS, 46 * u, width * 0.8, 700);
      ctx.fillStyle = rgba(colors.color_border, 0.85);
      drawFittedText(ctx, artist, cx, y + 4 * u, RENDER_FONT_SANS, 28 * u, width * 0.8);
    }
  },
});
