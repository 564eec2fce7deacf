import type { Surface } from '../canvas-2d';
import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { frameShape, prepareBackdrop, resampleBands, unit } from './draw-helpers';
import { palette } from './palette';
import { drawFittedText, drawSpacedText, fitFont } from './text';

const POINTS = 72;

interface Layers {
  backdrop: Surface;
  values: Float32Array;
  xs: Float32Array;
  ys: Float32Array;
}

/** Glowing waveform lines that ripple across the frame with the music. */
export const neonWave = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'neon-wave',
  title: 'Neon Wave',
  description: 'Glowing lines of light that ripple across the frame with your music.',
  colorFields: ['waveform_color', 'spectrum_color', 'primary_color', 'secondary_color'],
  imageSlots: ['background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    waveform_color: '#ff4fd8',
    spectrum_color: '#3bc9db',
    primary_color: '#07021a',
    secondary_color: '#1a0b3d',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    return {
      backdrop: prepareBackdrop(
        host,
        scene.images.background,
        width,
        height,
        { primary: colors.primary_color, secondary: colors.secondary_color },
        { blur: 0.04, darken: 0.62, tint: 0.15, vignette: 0.75 },
      ),
      values: new Float32Array(POINTS),
      xs: new Float32Array(POINTS),
      ys: new Float32Array(POINTS),
    };
  },
  draw(ctx, { scene, layers, features, t, width, height }) {
    const { colors, title, artist } = scene.settings;
    const u = unit(width, height);
    ctx.drawImage(layers.backdrop.image, 0, 0);
    const tall = frameShape(width, height) === 'tall';
    const mid = height * (tall ? 0.45 : 0.47);
    const amp = Math.min(height * 0.22, width * 0.32);
    const values = resampleBands(features.bands, POINTS, layers.values);
    const { xs, ys } = layers;

    const waves = [
      { color: colors.spectrum_color, phase: 0.0, speed: 1.7, k: 9.0, gain: 0.7, width: 2.5 },
      {
        color: mix(colors.waveform_color, colors.spectrum_color, 0.5),
        phase: 2.1,
        speed: -1.3,
        k: 6.5,
        gain: 0.85,
        width: 2.5,
      },
      { color: colors.waveform_color, phase: 4.2, speed: 2.3, k: 12.0, gain: 1.0, width: 4 },
    ];
    ctx.globalCompositeOperation = 'lighter';
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const wave of waves) {
      for (let i = 0; i < POINTS; i++) {
        const p = i / (POINTS - 1);
        // Bass in the middle of the frame, treble towards both edges, tapered to the edges.
        const band =
          values[Math.min(POINTS - 1, Math.round(Math.abs(p - 0.5) * 2 * (POINTS - 1)))]!;
        const taper = Math.sin(Math.PI * p);
        const swing = Math.sin(p * wave.k + wave.phase + t * wave.speed);
        xs[i] = p * width;
        ys[i] =
          mid +
          swing *
            taper *
            (0.06 + Math.pow(band, 1.4)) *
            amp *
            wave.gain *
            (1 + 0.15 * features.beat);
      }
      ctx.beginPath();
      ctx.moveTo(xs[0]!, ys[0]!);
      for (let i = 1; i < POINTS - 1; i++) {
        const mx = (xs[i]! + xs[i + 1]!) / 2;
        const my = (ys[i]! + ys[i + 1]!) / 2;
        ctx.quadraticCurveTo(xs[i]!, ys[i]!, mx, my);
      }
      ctx.lineTo(xs[POINTS - 1]!, ys[POINTS - 1]!);
      // Glow: the same path wide and faint, then narrower, then a bright core.
      ctx.strokeStyle = rgba(wave.color, 0.1 + 0.08 * features.level);
      ctx.lineWidth = wave.width * 7 * u;
      ctx.stroke();
      ctx.strokeStyle = rgba(wave.color, 0.35);
      ctx.lineWidth = wave.width * 2.5 * u;
      ctx.stroke();
      ctx.strokeStyle = mix(wave.color, '#ffffff', 0.55);
      ctx.lineWidth = wave.width * 0.8 * u;
      ctx.stroke();
    }
    ctx.globalCompositeOperation = 'source-over';

    if (title || artist) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      const y = tall ? height * 0.8 : height * 0.85;
      ctx.fillStyle = '#ffffff';
      drawFittedText(
        ctx,
        title.toUpperCase(),
        width / 2,
        y,
        RENDER_FONT_DISPLAY,
        96 * u,
        width * 0.85,
      );
      ctx.fillStyle = rgba(colors.waveform_color, 0.9);
      fitFont(ctx, artist.toUpperCase(), RENDER_FONT_SANS, 26 * u, width * 0.7);
      drawSpacedText(ctx, artist.toUpperCase(), width / 2, y + 50 * u, 6 * u, 'center');
    }
  },
});
