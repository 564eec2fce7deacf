import type { Surface } from '../canvas-2d';
import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { rgba } from './color';
import { glowSprite, prepareBackdrop, resampleBands, scaledCover, unit } from './draw-helpers';
import { palette } from './palette';
import { drawSpacedText, fitFont } from './text';

const LINE_BARS = 96;

interface Layers {
  backdrop: Surface;
  glow: Surface;
  logo: Surface | null;
  values: Float32Array;
}

/** Minimal: the logo (or the title) in the middle, a glow that breathes with the music. */
export const logoGlow = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'logo-glow',
  title: 'Minimal Glow',
  description: 'Your logo in calm space, lit by a glow that swells with the music.',
  colorFields: ['primary_color', 'secondary_color', 'spectrum_color', 'color_border'],
  imageSlots: ['logo', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#08080c',
    secondary_color: '#15151f',
    spectrum_color: '#748ffc',
    color_border: '#e9ecef',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const logoImage = scene.images.logo;
    let logo: Surface | null = null;
    if (logoImage) {
      // Fit inside a box, keeping the logo's proportions.
      const box = Math.min(width, height) * 0.34;
      const scale = Math.min(box / logoImage.width, box / logoImage.height);
      logo = scaledCover(host, logoImage, logoImage.width * scale, logoImage.height * scale);
    }
    return {
      backdrop: prepareBackdrop(
        host,
        scene.images.background,
        width,
        height,
        { primary: colors.primary_color, secondary: colors.secondary_color },
        { blur: 0.05, darken: 0.7, vignette: 0.6 },
      ),
      glow: glowSprite(host, colors.spectrum_color),
      logo,
      values: new Float32Array(LINE_BARS / 2),
    };
  },
  draw(ctx, { scene, layers, features, width, height }) {
    const { colors, title, artist } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);
    const cx = width / 2;
    const cy = height * 0.46;

    const size = Math.min(width, height) * (0.75 + 0.35 * features.level + 0.12 * features.beat);
    ctx.globalCompositeOperation = 'lighter';
    ctx.globalAlpha = Math.min(1, 0.35 + 0.45 * features.level + 0.25 * features.beat);
    ctx.drawImage(layers.glow.image, cx - size / 2, cy - size / 2, size, size);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';

    if (layers.logo) {
      const { width: w, height: h } = layers.logo.image;
      ctx.drawImage(layers.logo.image, Math.round(cx - w / 2), Math.round(cy - h / 2));
    } else {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = colors.color_border;
      // Neither title nor artist (a titled thumbnail draws them itself): the glow alone.
      const text = (title || (artist ? 'WAVEFRAME' : '')).toUpperCase();
      fitFont(ctx, text, RENDER_FONT_DISPLAY, 200 * u, width * 0.8);
      ctx.fillText(text, cx, cy);
    }

    // A hairline spectrum below, mirrored from the centre.
    const half = LINE_BARS / 2;
    const values = resampleBands(features.bands, half, layers.values);
    const y = cy + Math.min(width, height) * 0.26;
    const span = Math.min(width * 0.6, 760 * u);
    const slot = span / LINE_BARS;
    ctx.fillStyle = rgba(colors.color_border, 0.8);
    ctx.beginPath();
    for (let i = 0; i < half; i++) {
      const h = 2 * u + Math.pow(values[i]!, 1.6) * 70 * u;
      const w = Math.max(1, slot * 0.35);
      ctx.rect(cx + i * slot + slot / 2 - w / 2, y - h / 2, w, h);
      ctx.rect(cx - i * slot - slot / 2 - w / 2, y - h / 2, w, h);
    }
    ctx.fill();

    const caption = layers.logo ? [title, artist].filter(Boolean).join('  ·  ') : artist;
    if (caption) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = rgba(colors.color_border, 0.75);
      const text = caption.toUpperCase();
      fitFont(ctx, text, RENDER_FONT_SANS, 26 * u, width * 0.7);
      drawSpacedText(ctx, text, cx, y + 110 * u, 8 * u, 'center');
    }
  },
});
