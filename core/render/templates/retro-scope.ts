import type { Surface } from '../canvas-2d';
import { RENDER_FONT_MONO } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { clock, unit } from './draw-helpers';
import { palette } from './palette';

/** Analysis frames shown across the screen (at 60 frames a second: 2.5 s). */
const WINDOW_FRAMES = 150;
/** Points drawn per analysis frame: max, min, and back, so the trace reads as a dense wave. */
const STEPS = 2;

interface Layers {
  screen: Surface;
  rect: { x: number; y: number; w: number; h: number };
  xs: Float32Array;
  ys: Float32Array;
}

/** A phosphor oscilloscope: the track's waveform as a glowing trace on a green-lit CRT. */
export const retroScope = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'retro-scope',
  title: 'Retro Oscilloscope',
  description: 'Your waveform traced in glowing phosphor on a vintage oscilloscope screen.',
  colorFields: ['waveform_color', 'color_fill', 'color_border', 'primary_color'],
  imageSlots: [],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    waveform_color: '#69ff9a',
    color_fill: '#03140b',
    color_border: '#1f6b3f',
    primary_color: '#111311',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors, title, artist } = scene.settings;
    const u = Math.min(width, height) / 1080;
    const surface = host.createSurface(width, height);
    const ctx = surface.ctx;
    // Bezel.
    const bezel = ctx.createLinearGradient(0, 0, 0, height);
    bezel.addColorStop(0, mix(colors.primary_color, '#ffffff', 0.08));
    bezel.addColorStop(1, mix(colors.primary_color, '#000000', 0.4));
    ctx.fillStyle = bezel;
    ctx.fillRect(0, 0, width, height);
    const margin = 60 * u;
    const bottom = 120 * u;
    const rect = { x: margin, y: margin, w: width - margin * 2, h: height - margin - bottom };
    ctx.fillStyle = '#000000';
    ctx.beginPath();
    ctx.roundRect(rect.x - 10 * u, rect.y - 10 * u, rect.w + 20 * u, rect.h + 20 * u, 34 * u);
    ctx.fill();
    // Screen with a lit centre.
    const glass = ctx.createRadialGradient(
      width / 2,
      rect.y + rect.h / 2,
      0,
      width / 2,
      rect.y + rect.h / 2,
      Math.hypot(rect.w, rect.h) / 2,
    );
    glass.addColorStop(0, mix(colors.color_fill, colors.waveform_color, 0.08));
    glass.addColorStop(1, mix(colors.color_fill, '#000000', 0.5));
    ctx.fillStyle = glass;
    ctx.beginPath();
    ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 26 * u);
    ctx.fill();
    // Graticule: 10 x 8 divisions, centre axes with ticks.
    ctx.strokeStyle = rgba(colors.color_border, 0.55);
    ctx.lineWidth = Math.max(1, 1.5 * u);
    ctx.beginPath();
    const divX = rect.w / 10;
    const divY = rect.h / 8;
    for (let i = 1; i < 10; i++) {
      ctx.moveTo(rect.x + i * divX, rect.y);
      ctx.lineTo(rect.x + i * divX, rect.y + rect.h);
    }
    for (let j = 1; j < 8; j++) {
      ctx.moveTo(rect.x, rect.y + j * divY);
      ctx.lineTo(rect.x + rect.w, rect.y + j * divY);
    }
    ctx.stroke();
    ctx.strokeStyle = rgba(colors.color_border, 0.9);
    ctx.beginPath();
    for (let i = 0; i <= 50; i++) {
      const x = rect.x + (i * rect.w) / 50;
      ctx.moveTo(x, rect.y + rect.h / 2 - 6 * u);
      ctx.lineTo(x, rect.y + rect.h / 2 + 6 * u);
    }
    for (let j = 0; j <= 40; j++) {
      const y = rect.y + (j * rect.h) / 40;
      ctx.moveTo(width / 2 - 6 * u, y);
      ctx.lineTo(width / 2 + 6 * u, y);
    }
    ctx.stroke();
    // Scanlines.
    ctx.fillStyle = 'rgba(0,0,0,0.18)';
    ctx.beginPath();
    for (let y = rect.y; y < rect.y + rect.h; y += Math.max(3, Math.round(4 * u))) {
      ctx.rect(rect.x, y, rect.w, Math.max(1, Math.round(1.5 * u)));
    }
    ctx.fill();
    // Labels on the bezel.
    ctx.fillStyle = rgba(colors.waveform_color, 0.85);
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.font = `700 ${Math.round(30 * u)}px "${RENDER_FONT_MONO}"`;
    const label = [title, artist].filter(Boolean).join(' — ').toUpperCase() || 'CH1';
    ctx.fillText(label, rect.x, height - bottom / 2, rect.w * 0.7);
    return {
      screen: surface,
      rect,
      xs: new Float32Array(WINDOW_FRAMES * STEPS),
      ys: new Float32Array(WINDOW_FRAMES * STEPS),
    };
  },
  draw(ctx, { scene, layers, features, t, width, height }) {
    const { colors } = scene.settings;
    const u = unit(width, height);
    const { rect, xs, ys } = layers;
    ctx.drawImage(layers.screen.image, 0, 0);
    const analysis = scene.analysis;
    const mid = rect.y + rect.h / 2;
    const amp = rect.h * 0.46;
    const n = WINDOW_FRAMES * STEPS;
    // Normalised to the track's loudest frame, so quiet masters still fill the screen.
    const gain = analysis ? 0.85 / Math.max(0.05, Math.sqrt(2) * analysis.summary.maxRms) : 1;
    for (let i = 0; i < WINDOW_FRAMES; i++) {
      const f = features.frame - WINDOW_FRAMES + 1 + i;
      let hi = 0;
      let lo = 0;
      if (analysis && f >= 0 && f < analysis.frameCount) {
        hi = Math.min(1, analysis.peakMaxAt(f) * gain);
        lo = Math.max(-1, analysis.peakMinAt(f) * gain);
      }
      const x0 = rect.x + (i / WINDOW_FRAMES) * rect.w;
      const dx = rect.w / WINDOW_FRAMES / STEPS;
      xs[i * STEPS] = x0;
      ys[i * STEPS] = mid - hi * amp;
      xs[i * STEPS + 1] = x0 + dx;
      ys[i * STEPS + 1] = mid - lo * amp;
    }
    // The envelope (the span between each frame's lowest and highest sample) as a faint glow,
    // and the trace zigzagging between them on top. Filling is far cheaper than stroking a
    // self-crossing path, so the glow is a fill.
    ctx.fillStyle = rgba(colors.waveform_color, 0.16 + 0.12 * features.level);
    ctx.beginPath();
    ctx.moveTo(xs[0]!, ys[0]!);
    for (let i = 2; i < n; i += 2) ctx.lineTo(xs[i]!, ys[i]! - 3 * u);
    for (let i = n - 1; i > 0; i -= 2) ctx.lineTo(xs[i]!, ys[i]! + 3 * u);
    ctx.closePath();
    ctx.fill();
    // The trace: one bright line per frame from its lowest to its highest sample. Axis-aligned
    // rectangles draw far faster than a stroked zigzag and look the same at this time scale.
    ctx.fillStyle = mix(colors.waveform_color, '#ffffff', 0.35);
    ctx.beginPath();
    const lineW = Math.max(1, Math.round(2.4 * u));
    for (let i = 0; i < n; i += 2) {
      const top = Math.min(ys[i]!, ys[i + 1]!);
      ctx.rect(Math.round(xs[i]!), top, lineW, Math.max(lineW, Math.abs(ys[i + 1]! - ys[i]!)));
    }
    ctx.fill();

    // Readouts in the corners of the screen.
    ctx.font = `400 ${Math.round(24 * u)}px "${RENDER_FONT_MONO}"`;
    ctx.fillStyle = rgba(colors.waveform_color, 0.8);
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText(`T ${clock(t)}`, rect.x + 24 * u, rect.y + 20 * u);
    ctx.textAlign = 'right';
    const bpm = analysis?.summary.bpm;
    ctx.fillText(
      bpm ? `${Math.round(bpm)} BPM` : '— BPM',
      rect.x + rect.w - 24 * u,
      rect.y + 20 * u,
    );
    // Level meter at the bottom right of the bezel.
    const meterW = Math.min(rect.w * 0.25, 320 * u);
    const mx = rect.x + rect.w - meterW;
    const my = height - (height - rect.y - rect.h) / 2 - 8 * u;
    ctx.fillStyle = rgba(colors.color_border, 0.6);
    ctx.fillRect(mx, my, meterW, 16 * u);
    ctx.fillStyle = colors.waveform_color;
    ctx.fillRect(mx, my, meterW * features.level, 16 * u);
    // Beat lamp.
    ctx.fillStyle = rgba(colors.waveform_color, 0.25 + 0.75 * features.beat);
    ctx.beginPath();
    ctx.arc(mx - 40 * u, my + 8 * u, 12 * u, 0, Math.PI * 2);
    ctx.fill();
  },
});
