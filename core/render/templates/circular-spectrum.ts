import type { Surface } from '../canvas-2d';
import type { Scene } from '../scene';
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
/** The art grows this much at most on the beat and with the level (see draw). */
const MAX_PULSE = 1 + 0.045 + 0.03;

/** Where a frame's ring and title go; with lyrics on, the ring makes room for them. */
interface RingLayout {
  cx: number;
  cy: number;
  /** The art's radius before its pulse. */
  radius: number;
  /** How far from the centre the ring's longest bar reaches. */
  outer: number;
  /** Baseline of the title (the artist 48 units under it), and the width they may take. */
  titleY: (base: number, maxLen: number) => number;
  titleWidth: number;
}

/**
 * With lyrics, the ring is smaller and out of their way: at 16:9 in the left quarter with the
 * lyrics beside it; in the other shapes at the top with the lyrics below it and the title.
 * Without them, the ring is large and in the middle.
 */
function ringLayout(width: number, height: number, scene: Scene): RingLayout {
  const u = unit(width, height);
  const { title, artist } = scene.settings;
  const titled = !!(title || artist);
  const shape = frameShape(width, height);
  const short = Math.min(width, height);
  if (!scene.settings.lyrics) {
    const radius = Math.round(short * 0.19);
    const cy = shape === 'tall' ? height * 0.42 : height / 2 - (titled ? 30 * u : 0);
    return {
      cx: width / 2,
      cy,
      radius,
      outer: ringReach(radius, u),
      titleY: (base, maxLen) =>
        shape === 'tall' ? height * 0.76 : Math.min(height - 90 * u, cy + base + maxLen + 80 * u),
      titleWidth: width * 0.8,
    };
  }
  if (shape === 'wide') {
    const radius = Math.round(short * 0.17);
    const cx = width * 0.25;
    const cy = height / 2 - (titled ? 30 * u : 0);
    return {
      cx,
      cy,
      radius,
      outer: ringReach(radius, u),
      titleY: (base, maxLen) => Math.min(height - 90 * u, cy + base + maxLen + 80 * u),
      titleWidth: cx * 2 * 0.9,
    };
  }
  // 1:1 → 0.12, 4:5 → 0.14, 9:16 → 0.15 of the width.
  const radius = Math.round(short * Math.min(0.15, 0.12 + ((height / width - 1) * 0.02) / 0.25));
  const outer = ringReach(radius, u);
  const cy = (shape === 'tall' ? height * 0.1 : height * 0.025) + outer;
  return {
    cx: width / 2,
    cy,
    radius,
    outer,
    titleY: () => cy + outer + 62 * u,
    titleWidth: width * 0.8,
  };
}

/** How far the longest bar reaches from the centre, its round cap included. */
function ringReach(radius: number, u: number): number {
  const base = radius * MAX_PULSE + 14 * u;
  const lineWidth = Math.max(2, 2 * Math.PI * base * (0.5 / (HALF_BARS * 2)));
  return base + 4 * u + radius * 1.05 + lineWidth / 2;
}

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
  mainShape({ width, height, scene }) {
    const layout = ringLayout(width, height, scene);
    const u = unit(width, height);
    const { cx, cy, outer } = layout;
    const ring = { x: cx - outer, y: cy - outer, width: outer * 2, height: outer * 2 };
    if (!scene.settings.title && !scene.settings.artist) return ring;
    // The title and artist under it, at their lowest (the title follows the longest bars).
    const base = layout.radius * MAX_PULSE + 14 * u;
    const y = layout.titleY(base, layout.radius * 1.05);
    const text = {
      x: cx - layout.titleWidth / 2,
      y: y - 52 * u,
      width: layout.titleWidth,
      height: 52 * u + 48 * u + 12 * u,
    };
    const x = Math.min(ring.x, text.x);
    const top = Math.min(ring.y, text.y);
    return {
      x,
      y: top,
      width: Math.max(ring.x + ring.width, text.x + text.width) - x,
      height: Math.max(ring.y + ring.height, text.y + text.height) - top,
    };
  },
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const { radius } = ringLayout(width, height, scene);
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
    const layout = ringLayout(width, height, scene);
    const { cx, cy } = layout;
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
      const y = layout.titleY(base, maxLen);
      const maxWidth = layout.titleWidth;
      ctx.fillStyle = '#ffffff';
      drawFittedText(ctx, title, cx, y, RENDER_FONT_SANS, 52 * u, maxWidth, 700);
      ctx.fillStyle = rgba(colors.color_border, 0.75);
      drawFittedText(ctx, artist, cx, y + 48 * u, RENDER_FONT_SANS, 30 * u, maxWidth);
    }
  },
});
