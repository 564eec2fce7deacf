import type { Surface } from '../canvas-2d';
import { RENDER_FONT_MONO, RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { mix } from './color';
import { clock, frameShape, prepareBackdrop, resampleBands, roundedImage } from './draw-helpers';
import { palette } from './palette';
import { drawFittedText } from './text';

const BARS = 48;

interface Layers {
  backdrop: Surface;
  values: Float32Array;
  layout: Layout;
}

interface Layout {
  art: { x: number; y: number; size: number };
  /** Left edge, width and alignment of the text, bars and progress column. */
  colX: number;
  colW: number;
  align: 'left' | 'center';
  titleY: number;
  barsY: number;
  barsH: number;
  progressY: number;
  u: number;
}

function layoutFor(width: number, height: number): Layout {
  const u = Math.min(width, height) / 1080;
  if (width > height) {
    const size = height * 0.46;
    const x = width * 0.1;
    const y = (height - size) / 2;
    const colX = x + size + width * 0.05;
    return {
      art: { x, y, size },
      colX,
      colW: width * 0.9 - colX,
      align: 'left',
      titleY: y + 70 * u,
      barsY: y + size * 0.78,
      barsH: size * 0.42,
      progressY: y + size - 6 * u,
      u,
    };
  }
  const tall = frameShape(width, height) === 'tall';
  const size = width * (tall ? 0.72 : 0.44);
  const x = (width - size) / 2;
  // 4:5: the square card, centred in the extra height.
  const y = tall ? height * 0.17 : (height - width) / 2 + width * 0.08;
  const colW = tall ? width * 0.8 : width * 0.7;
  const titleY = y + size + 100 * u;
  const barsH = tall ? 240 * u : 120 * u;
  return {
    art: { x, y, size },
    colX: (width - colW) / 2,
    colW,
    align: 'center',
    titleY,
    barsY: titleY + 110 * u + barsH,
    barsH,
    progressY: titleY + 150 * u + barsH,
    u,
  };
}

/** A "now playing" card: artwork, title and artist, a spectrum and the track's progress. */
export const nowPlaying = defineTemplate<Layers>({
  kind: 'visualizer',
  name: 'now-playing',
  title: 'Now Playing',
  description: 'Artwork, title and artist with a live spectrum and a progress bar, like a player.',
  colorFields: ['bar_fill', 'spectrum_color', 'color_fill', 'primary_color', 'secondary_color'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    bar_fill: '#ffffff',
    spectrum_color: '#63e6be',
    color_fill: '#63e6be',
    primary_color: '#0f2027',
    secondary_color: '#2c5364',
  }),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const layout = layoutFor(width, height);
    const size = Math.round(layout.art.size);
    const radius = 18 * layout.u;
    let art: Surface;
    const framed = host.createSurface(
      size + Math.round(80 * layout.u),
      size + Math.round(80 * layout.u),
    );
    const pad = Math.round(40 * layout.u);
    // Soft shadow under the artwork, drawn once.
    framed.ctx.shadowColor = 'rgba(0,0,0,0.55)';
    framed.ctx.shadowBlur = 30 * layout.u;
    framed.ctx.shadowOffsetY = 12 * layout.u;
    framed.ctx.fillStyle = '#000000';
    framed.ctx.beginPath();
    framed.ctx.roundRect(pad, pad, size, size, radius);
    framed.ctx.fill();
    framed.ctx.shadowColor = 'rgba(0,0,0,0)';
    framed.ctx.shadowBlur = 0;
    framed.ctx.shadowOffsetY = 0;
    if (scene.images.album_art) {
      art = roundedImage(host, scene.images.album_art, size, size, radius);
    } else {
      art = host.createSurface(size, size);
      const g = art.ctx.createLinearGradient(0, 0, size, size);
      g.addColorStop(0, mix(colors.spectrum_color, colors.primary_color, 0.2));
      g.addColorStop(1, mix(colors.secondary_color, '#000000', 0.3));
      art.ctx.fillStyle = g;
      art.ctx.beginPath();
      art.ctx.roundRect(0, 0, size, size, radius);
      art.ctx.fill();
      art.ctx.strokeStyle = 'rgba(255,255,255,0.35)';
      art.ctx.lineWidth = size * 0.012;
      art.ctx.beginPath();
      art.ctx.arc(size / 2, size / 2, size * 0.22, 0, Math.PI * 2);
      art.ctx.stroke();
      art.ctx.fillStyle = 'rgba(255,255,255,0.35)';
      art.ctx.beginPath();
      art.ctx.arc(size / 2, size / 2, size * 0.05, 0, Math.PI * 2);
      art.ctx.fill();
    }
    framed.ctx.drawImage(art.image, pad, pad);
    const backdrop = prepareBackdrop(
      host,
      scene.images.background ?? scene.images.album_art,
      width,
      height,
      { primary: colors.primary_color, secondary: colors.secondary_color },
      { blur: 0.05, darken: 0.55, vignette: 0.5 },
    );
    backdrop.ctx.drawImage(framed.image, layout.art.x - pad, layout.art.y - pad);
    return { backdrop, values: new Float32Array(BARS), layout };
  },
  draw(ctx, { scene, layers, features, t, width }) {
    const { colors, title, artist } = scene.settings;
    const L = layers.layout;
    const u = L.u;
    ctx.drawImage(layers.backdrop.image, 0, 0);
    // Gentle zoom of the artwork on the beat would blur it; a light sweep marks the beat instead.
    if (features.beat > 0.02) {
      ctx.fillStyle = `rgba(255,255,255,${(0.08 * features.beat).toFixed(3)})`;
      ctx.beginPath();
      ctx.roundRect(L.art.x, L.art.y, L.art.size, L.art.size, 18 * u);
      ctx.fill();
    }

    const textX = L.align === 'left' ? L.colX : width / 2;
    ctx.textAlign = L.align;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#ffffff';
    // Neither title nor artist (a titled thumbnail draws them itself): no 'Untitled' either.
    drawFittedText(
      ctx,
      title || (artist ? 'Untitled' : ''),
      textX,
      L.titleY,
      RENDER_FONT_SANS,
      72 * u,
      L.colW,
      700,
    );
    ctx.fillStyle = 'rgba(255,255,255,0.7)';
    drawFittedText(ctx, artist, textX, L.titleY + 56 * u, RENDER_FONT_SANS, 36 * u, L.colW);

    const values = resampleBands(features.bands, BARS, layers.values);
    const slot = L.colW / BARS;
    const barW = slot * 0.6;
    const grad = ctx.createLinearGradient(0, L.barsY - L.barsH, 0, L.barsY);
    grad.addColorStop(0, colors.spectrum_color);
    grad.addColorStop(1, colors.bar_fill);
    ctx.fillStyle = grad;
    ctx.beginPath();
    for (let i = 0; i < BARS; i++) {
      const h = Math.max(4 * u, Math.pow(values[i]!, 1.5) * L.barsH);
      ctx.roundRect(L.colX + i * slot + (slot - barW) / 2, L.barsY - h, barW, h, barW / 2);
    }
    ctx.fill();

    // Progress: track, filled part, knob and times.
    const py = L.progressY;
    ctx.fillStyle = 'rgba(255,255,255,0.22)';
    ctx.beginPath();
    ctx.roundRect(L.colX, py - 3 * u, L.colW, 6 * u, 3 * u);
    ctx.fill();
    const done = L.colW * features.progress;
    ctx.fillStyle = colors.color_fill;
    ctx.beginPath();
    ctx.roundRect(L.colX, py - 3 * u, Math.max(6 * u, done), 6 * u, 3 * u);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(L.colX + done, py, 9 * u, 0, Math.PI * 2);
    ctx.fill();
    ctx.font = `400 ${Math.round(22 * u)}px "${RENDER_FONT_MONO}"`;
    ctx.fillStyle = 'rgba(255,255,255,0.65)';
    ctx.textAlign = 'left';
    ctx.fillText(clock(t), L.colX, py + 40 * u);
    ctx.textAlign = 'right';
    ctx.fillText(clock(features.duration), L.colX + L.colW, py + 40 * u);
  },
});
