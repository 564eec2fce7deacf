import type { Surface } from '../canvas-2d';
import { RENDER_FONT_SANS } from '../fonts';
import { hash01 } from '../random';
import { defineTemplate } from '../template';
import { rgba } from './color';
import { circularImage, frameShape, glowSprite, prepareBackdrop, unit } from './draw-helpers';
import { recentOnsets } from './events';
import { palette } from './palette';
import { drawFittedText } from './text';

const LIFE_SECONDS = 1.8;
const MAX_PARTICLES = 56;
const DRAG = 2.2;

interface Layers {
  backdrop: Surface;
  centre: Surface | null;
  glow: Surface;
  radius: number;
}

/**
 * Sparks burst from the centre on every onset. A particle's position is a pure function of the
 * seed, the onset's index and the time since it: nothing is simulated frame by frame.
 */
export const particleBurst = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'particle-burst',
  title: 'Particle Burst',
  description: 'Sparks explode from your artwork on every hit, drifting out into the dark.',
  colorFields: ['primary_color', 'secondary_color', 'spectrum_color', 'color_fill', 'color_border'],
  imageSlots: ['album_art', 'logo', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#050510',
    secondary_color: '#1c0f2e',
    spectrum_color: '#ffa94d',
    color_fill: '#ff6b9a',
    color_border: '#ffffff',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors, seed } = scene.settings;
    const radius = Math.round(Math.min(width, height) * 0.14);
    const backdrop = prepareBackdrop(
      host,
      scene.images.background,
      width,
      height,
      { primary: colors.primary_color, secondary: colors.secondary_color },
      { blur: 0.04, darken: 0.65, vignette: 0.8 },
    );
    // A still field of faint stars, placed by the seed.
    const stars = backdrop.ctx;
    const u = Math.min(width, height) / 1080;
    stars.fillStyle = 'rgba(255,255,255,0.5)';
    stars.beginPath();
    for (let i = 0; i < 260; i++) {
      const x = hash01(seed, i, 1) * width;
      const y = hash01(seed, i, 2) * height;
      const s = (0.6 + hash01(seed, i, 3) * 1.6) * u;
      stars.moveTo(x + s, y);
      stars.arc(x, y, s, 0, Math.PI * 2);
    }
    stars.fill();
    const source = scene.images.album_art ?? scene.images.logo;
    return {
      backdrop,
      centre: source ? circularImage(host, source, radius * 2) : null,
      glow: glowSprite(host, colors.spectrum_color),
      radius,
    };
  },
  draw(ctx, { scene, layers, features, t, width, height }) {
    const { colors, title, artist, seed } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);
    const cx = width / 2;
    const tall = frameShape(width, height) === 'tall';
    const cy = tall ? height * 0.44 : height / 2;
    const r = layers.radius * (1 + 0.06 * features.onset);
    const reach = Math.max(width, height) * 0.55;

    ctx.globalCompositeOperation = 'lighter';
    const g = r * (3.2 + 2 * features.level);
    ctx.globalAlpha = 0.2 + 0.5 * features.onset;
    ctx.drawImage(layers.glow.image, cx - g / 2, cy - g / 2, g, g);
    ctx.globalAlpha = 1;

    for (const onset of recentOnsets(scene.analysis, t, LIFE_SECONDS, 0.12)) {
      const life = 1 - onset.age / LIFE_SECONDS;
      const count = Math.round(MAX_PARTICLES * (0.35 + 0.65 * onset.strength));
      // Distance travelled with drag: v (1 - e^(-k age)) / k.
      const travel = (1 - Math.exp(-DRAG * onset.age)) / DRAG;
      for (const [group, color] of [
        [0, colors.spectrum_color],
        [1, colors.color_fill],
      ] as const) {
        ctx.fillStyle = rgba(color, Math.pow(life, 1.3));
        ctx.beginPath();
        for (let p = group; p < count; p += 2) {
          const a = hash01(seed, onset.index, p * 4) * Math.PI * 2;
          const speed = (0.35 + 0.65 * hash01(seed, onset.index, p * 4 + 1)) * reach * 1.9;
          const d = r * 1.05 + speed * travel * (0.6 + 0.4 * onset.strength);
          const size = (2 + 5 * hash01(seed, onset.index, p * 4 + 2)) * u * (0.4 + 0.6 * life);
          const x = cx + Math.cos(a) * d;
          const y = cy + Math.sin(a) * d;
          ctx.moveTo(x + size, y);
          ctx.arc(x, y, size, 0, Math.PI * 2);
        }
        ctx.fill();
      }
    }
    ctx.globalCompositeOperation = 'source-over';

    ctx.fillStyle = colors.secondary_color;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    if (layers.centre) ctx.drawImage(layers.centre.image, cx - r, cy - r, r * 2, r * 2);
    ctx.strokeStyle = rgba(colors.color_border, 0.9);
    ctx.lineWidth = 3 * u;
    ctx.beginPath();
    ctx.arc(cx, cy, r + 1.5 * u, 0, Math.PI * 2);
    ctx.stroke();

    if (title || artist) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      const y = tall ? height * 0.78 : height * 0.88;
      ctx.fillStyle = '#ffffff';
      drawFittedText(ctx, title, cx, y - 36 * u, RENDER_FONT_SANS, 46 * u, width * 0.8, 700);
      ctx.fillStyle = rgba(colors.spectrum_color, 0.9);
      drawFittedText(ctx, artist, cx, y + 6 * u, RENDER_FONT_SANS, 28 * u, width * 0.8);
    }
  },
});
