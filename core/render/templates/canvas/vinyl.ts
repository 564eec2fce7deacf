import type { RenderHost, Surface } from '../../canvas-2d';
import { RENDER_FONT_DISPLAY } from '../../fonts';
import type { Scene } from '../../scene';
import { defineTemplate } from '../../template';
import { mix, rgba } from '../color';
import { circularImage, prepareBackdrop, unit } from '../draw-helpers';
import { palette } from '../palette';
import { clearShadow, setShadow } from '../still';
import { drawFittedText } from '../text';
import { beatAccent, CANVAS_INFO, loopArtwork, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

/** Turns a second, about 33 1/3 rpm; a loop holds the nearest whole number of turns. */
const TURNS_PER_SECOND = 0.555;

interface Layers {
  back: Surface;
  record: Surface;
  /** The record's drop shadow, drawn under it (it does not turn). */
  shadow: Surface;
  sheen: Surface;
}

/** The black record with its grooves and the artwork (or a printed title) as its label. */
function drawRecord(host: RenderHost, scene: Scene, diameter: number): Surface {
  const d = Math.round(diameter);
  const r = d / 2;
  const surface = host.createSurface(d, d);
  const ctx = surface.ctx;
  ctx.fillStyle = '#0a0a0b';
  ctx.beginPath();
  ctx.arc(r, r, r, 0, Math.PI * 2);
  ctx.fill();
  // Grooves: fine rings of slightly varying grey.
  for (let ring = r * 0.38; ring < r * 0.97; ring += Math.max(1.5, r / 160)) {
    const shade = 18 + ((ring * 7.3) % 14);
    ctx.strokeStyle = `rgb(${shade},${shade},${shade + 2})`;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(r, r, ring, 0, Math.PI * 2);
    ctx.stroke();
  }
  const { colors, title } = scene.settings;
  const label = r * 0.34;
  const art = loopArtwork(scene);
  if (art) {
    ctx.drawImage(circularImage(host, art, label * 2).image, r - label, r - label);
  } else {
    ctx.fillStyle = colors.color_fill;
    ctx.beginPath();
    ctx.arc(r, r, label, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = colors.color_border;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    drawFittedText(
      ctx,
      title || 'Side A',
      r,
      r - label * 0.45,
      RENDER_FONT_DISPLAY,
      label * 0.34,
      label * 1.4,
    );
  }
  // A mark on the label so the turning shows even on a plain one.
  ctx.fillStyle = rgba(colors.color_border, 0.8);
  ctx.beginPath();
  ctx.arc(r, r + label * 0.72, label * 0.05, 0, Math.PI * 2);
  ctx.fill();
  // Spindle hole.
  ctx.fillStyle = '#d4d4d8';
  ctx.beginPath();
  ctx.arc(r, r, Math.max(2, r * 0.018), 0, Math.PI * 2);
  ctx.fill();
  return surface;
}

/** Light on the vinyl that stays still while the record turns under it. */
function drawSheen(host: RenderHost, diameter: number): Surface {
  const d = Math.round(diameter);
  const surface = host.createSurface(d, d);
  const ctx = surface.ctx;
  const g = ctx.createLinearGradient(0, 0, d, d);
  g.addColorStop(0, 'rgba(255,255,255,0)');
  g.addColorStop(0.42, 'rgba(255,255,255,0.10)');
  g.addColorStop(0.5, 'rgba(255,255,255,0.02)');
  g.addColorStop(0.58, 'rgba(255,255,255,0.10)');
  g.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(d / 2, d / 2, d / 2, 0, Math.PI * 2);
  ctx.fill();
  return surface;
}

/** A record turns under a still light, the artwork as its label, bouncing on the beat. */
export const vinyl = defineTemplate<Layers>({
  ...CANVAS_INFO,
  name: 'vinyl',
  title: 'Rotating Vinyl',
  description: 'Your artwork as the label of a record turning at 33 rpm, bouncing on the beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_fill', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#1f1300',
    secondary_color: '#6b3e00',
    color_fill: '#e63946',
    color_border: '#fdf0d5',
  }),
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const u = unit(width, height);
    const diameter = width * 0.86;
    const pad = Math.round(80 * u);
    const record = drawRecord(host, scene, diameter);
    const shadowed = host.createSurface(
      record.image.width + pad * 2,
      record.image.height + pad * 2,
    );
    setShadow(shadowed.ctx, u, 0.6, 70, 26);
    shadowed.ctx.fillStyle = '#000000';
    shadowed.ctx.beginPath();
    shadowed.ctx.arc(pad + diameter / 2, pad + diameter / 2, diameter / 2 - 1, 0, Math.PI * 2);
    shadowed.ctx.fill();
    clearShadow(shadowed.ctx);
    return {
      back: prepareBackdrop(
        host,
        scene.images.background ?? scene.images.album_art,
        width,
        height,
        { primary: mix(colors.primary_color, '#000000', 0.2), secondary: colors.secondary_color },
        { blur: 0.05, darken: 0.55, vignette: 0.6 },
      ),
      record,
      shadow: shadowed,
      sheen: drawSheen(host, diameter),
    };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    ctx.drawImage(layers.back.image, 0, 0);
    const turns = Math.max(1, Math.round(L.seconds * TURNS_PER_SECOND));
    const cx = width / 2;
    const cy = height * 0.42;
    const scale = 1 + 0.02 * accent;
    const d = layers.record.image.width * scale;
    const sd = layers.shadow.image.width * scale;
    ctx.drawImage(layers.shadow.image, cx - sd / 2, cy - sd / 2, sd, sd);
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(2 * Math.PI * turns * L.phase);
    ctx.drawImage(layers.record.image, -d / 2, -d / 2, d, d);
    ctx.restore();
    ctx.drawImage(layers.sheen.image, cx - d / 2, cy - d / 2, d, d);
    drawTitleBlock(ctx, scene, width, height, u);
  },
});
