import type { RenderHost, Surface } from '../../canvas-2d';
import { RENDER_FONT_DISPLAY } from '../../fonts';
import type { Scene } from '../../scene';
import { defineTemplate } from '../../template';
import { mix, rgba } from '../color';
import { circularImage, prepareBackdrop, unit } from '../draw-helpers';
import { palette } from '../palette';
import { clearShadow, setShadow } from '../still';
import { drawFittedText } from '../text';
import { beatAccent, CANVAS_INFO, loopArtwork, loopOf, overBlack } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

/** Turns a second, about 33 1/3 rpm; a loop holds the nearest whole number of turns. */
const TURNS_PER_SECOND = 0.555;

interface Layers {
  /** The backdrop alone, under a bouncing record. */
  back: Surface;
  /** The backdrop with the record at rest (its label aside): one copy a frame between beats. */
  base: Surface;
  /** The record without its label: drop shadow, grooves and sheen, around the record's centre. */
  record: Surface;
  /** The label (artwork or printed title, mark and spindle hole): the only part that turns. */
  label: Surface;
  /** The sheen over the label, masked to it (the sheen stays still while the label turns). */
  labelSheen: Surface;
}

/**
 * The record's parts, split by what moves. The grooves are rings around the spindle, so turning
 * them shows nothing: only the label is drawn turned each frame (resampling the whole record
 * turned was most of a frame's drawing, more than its readback and conversion together).
 */
interface RecordParts {
  /** The black disc and its grooves, d x d. */
  disc: Surface;
  label: Surface;
  /** The label's radius, in the disc's pixels. */
  labelRadius: number;
}

function drawRecord(host: RenderHost, scene: Scene, diameter: number): RecordParts {
  const d = Math.round(diameter);
  const r = d / 2;
  const disc = host.createSurface(d, d);
  const ctx = disc.ctx;
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
  const labelRadius = r * 0.34;
  return { disc, label: drawLabel(host, scene, labelRadius, r), labelRadius };
}

/** The label on a square surface around its centre, with the spindle hole (drawn on the disc before). */
function drawLabel(host: RenderHost, scene: Scene, label: number, r: number): Surface {
  const side = Math.ceil(label * 2) + 2;
  const c = side / 2;
  const surface = host.createSurface(side, side);
  const ctx = surface.ctx;
  const { colors, title } = scene.settings;
  const art = loopArtwork(scene);
  if (art) {
    const circle = circularImage(host, art, label * 2);
    ctx.drawImage(circle.image, c - circle.image.width / 2, c - circle.image.height / 2);
  } else {
    ctx.fillStyle = colors.color_fill;
    ctx.beginPath();
    ctx.arc(c, c, label, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = colors.color_border;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    drawFittedText(
      ctx,
      title || 'Side A',
      c,
      c - label * 0.45,
      RENDER_FONT_DISPLAY,
      label * 0.34,
      label * 1.4,
    );
  }
  // A mark on the label so the turning shows even on a plain one.
  ctx.fillStyle = rgba(colors.color_border, 0.8);
  ctx.beginPath();
  ctx.arc(c, c + label * 0.72, label * 0.05, 0, Math.PI * 2);
  ctx.fill();
  // Spindle hole.
  ctx.fillStyle = '#d4d4d8';
  ctx.beginPath();
  ctx.arc(c, c, Math.max(2, r * 0.018), 0, Math.PI * 2);
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
  coversFrame: true,
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
    const parts = drawRecord(host, scene, diameter);
    const d = parts.disc.image.width;
    // The record's shadow, disc and sheen, on one surface: drawn (and scaled on the beat) as one.
    const record = host.createSurface(d + pad * 2, d + pad * 2);
    setShadow(record.ctx, u, 0.6, 70, 26);
    record.ctx.fillStyle = '#000000';
    record.ctx.beginPath();
    record.ctx.arc(pad + diameter / 2, pad + diameter / 2, diameter / 2 - 1, 0, Math.PI * 2);
    record.ctx.fill();
    clearShadow(record.ctx);
    record.ctx.drawImage(parts.disc.image, pad, pad);
    const sheen = drawSheen(host, diameter);
    record.ctx.drawImage(sheen.image, pad, pad);
    // The sheen over the label's square, kept only over the label's circle.
    const side = parts.label.image.width;
    const labelSheen = host.createSurface(side, side);
    labelSheen.ctx.drawImage(sheen.image, side / 2 - d / 2, side / 2 - d / 2);
    labelSheen.ctx.globalCompositeOperation = 'destination-in';
    labelSheen.ctx.fillStyle = '#ffffff';
    labelSheen.ctx.beginPath();
    labelSheen.ctx.arc(side / 2, side / 2, parts.labelRadius, 0, Math.PI * 2);
    labelSheen.ctx.fill();
    labelSheen.ctx.globalCompositeOperation = 'source-over';
    const back = overBlack(
      host,
      prepareBackdrop(
        host,
        scene.images.background ?? scene.images.album_art,
        width,
        height,
        { primary: mix(colors.primary_color, '#000000', 0.2), secondary: colors.secondary_color },
        { blur: 0.05, darken: 0.55, vignette: 0.6 },
      ),
    );
    const base = host.createSurface(width, height);
    base.ctx.drawImage(back.image, 0, 0);
    const { cx, cy } = recordCentre(width, height);
    const rw = record.image.width;
    base.ctx.drawImage(record.image, cx - rw / 2, cy - rw / 2);
    return { back, base, record, label: parts.label, labelSheen };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const turns = Math.max(1, Math.round(L.seconds * TURNS_PER_SECOND));
    const { cx, cy } = recordCentre(width, height);
    const scale = 1 + 0.02 * accent;
    const rw = layers.record.image.width;
    if ((scale - 1) * rw < 0.5) {
      // At rest (within half a pixel): the prepared picture, copied.
      ctx.drawImage(layers.base.image, 0, 0);
    } else {
      ctx.drawImage(layers.back.image, 0, 0);
      const sd = rw * scale;
      ctx.drawImage(layers.record.image, cx - sd / 2, cy - sd / 2, sd, sd);
    }
    const ld = layers.label.image.width * scale;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(2 * Math.PI * turns * L.phase);
    ctx.drawImage(layers.label.image, -ld / 2, -ld / 2, ld, ld);
    ctx.restore();
    ctx.drawImage(layers.labelSheen.image, cx - ld / 2, cy - ld / 2, ld, ld);
    drawTitleBlock(ctx, scene, width, height, u);
  },
});

/** Where the record turns. */
function recordCentre(width: number, height: number) {
  return { cx: width / 2, cy: height * 0.42 };
}
