// Drawing helpers shared by the templates.

import type { Canvas2D, RenderHost, RenderImage, Surface } from '../canvas-2d';
import { rgba } from './color';

/** Draws an image scaled to cover the rectangle (cropping the overflow), centred. */
export function drawCover(
  ctx: Canvas2D,
  image: RenderImage,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  const scale = Math.max(w / image.width, h / image.height);
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(image, (image.width - sw) / 2, (image.height - sh) / 2, sw, sh, x, y, w, h);
}

/** Fills the whole frame with a vertical two-colour gradient. */
export function fillGradient(ctx: Canvas2D, w: number, h: number, top: string, bottom: string) {
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

/**
 * The image scaled to cover w x h, on a surface of exactly that size. Large images are halved
 * step by step first, so the result is smooth and the same in every host (a single big
 * downscale is filtered differently by browsers and Skia), and per-frame drawing is a 1:1 copy.
 */
export function scaledCover(host: RenderHost, image: RenderImage, w: number, h: number): Surface {
  const width = Math.max(1, Math.round(w));
  const height = Math.max(1, Math.round(h));
  let source: RenderImage = image;
  const scale = Math.max(width / image.width, height / image.height);
  const neededW = image.width * scale;
  const neededH = image.height * scale;
  let sw = image.width;
  let sh = image.height;
  // Halve while the image is over twice the size it is drawn at.
  while (sw / 2 >= neededW && sh / 2 >= neededH) {
    const half = host.createSurface(Math.round(sw / 2), Math.round(sh / 2));
    half.ctx.imageSmoothingEnabled = true;
    half.ctx.drawImage(source, 0, 0, Math.round(sw / 2), Math.round(sh / 2));
    source = half.image;
    sw = Math.round(sw / 2);
    sh = Math.round(sh / 2);
  }
  const surface = host.createSurface(width, height);
  surface.ctx.imageSmoothingEnabled = true;
  drawCover(surface.ctx, source, 0, 0, width, height);
  return surface;
}

/** A circle of the image (covering the circle), on a square surface of the given diameter. */
export function circularImage(host: RenderHost, image: RenderImage, diameter: number): Surface {
  const d = Math.max(2, Math.round(diameter));
  const scaled = scaledCover(host, image, d, d);
  const surface = host.createSurface(d, d);
  const ctx = surface.ctx;
  ctx.beginPath();
  ctx.arc(d / 2, d / 2, d / 2, 0, Math.PI * 2);
  ctx.closePath();
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(scaled.image, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  return surface;
}

/** The image inside a rounded rectangle (covering it), on a surface of w x h. */
export function roundedImage(
  host: RenderHost,
  image: RenderImage,
  w: number,
  h: number,
  radius: number,
): Surface {
  const width = Math.max(2, Math.round(w));
  const height = Math.max(2, Math.round(h));
  const scaled = scaledCover(host, image, width, height);
  const surface = host.createSurface(width, height);
  const ctx = surface.ctx;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, radius);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(scaled.image, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  return surface;
}

/**
 * A soft round glow of the colour on a square surface (alpha falls from the centre to the edge):
 * drawn scaled per frame it is a cheap stand-in for shadowBlur.
 */
export function glowSprite(host: RenderHost, color: string, size = 256): Surface {
  const surface = host.createSurface(size, size);
  const ctx = surface.ctx;
  const r = size / 2;
  const g = ctx.createRadialGradient(r, r, 0, r, r, r);
  g.addColorStop(0, rgba(color, 1));
  g.addColorStop(0.25, rgba(color, 0.55));
  g.addColorStop(0.55, rgba(color, 0.18));
  g.addColorStop(1, rgba(color, 0));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  return surface;
}

/** Darkens the frame's edges: a radial gradient from clear to the colour at the corners. */
export function vignette(ctx: Canvas2D, w: number, h: number, color: string, strength: number) {
  const r = Math.hypot(w, h) / 2;
  const g = ctx.createRadialGradient(w / 2, h / 2, r * 0.35, w / 2, h / 2, r);
  g.addColorStop(0, rgba(color, 0));
  g.addColorStop(1, rgba(color, strength));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

export interface BackdropOptions {
  /** Blur radius as a fraction of the frame's shorter side (0: sharp). */
  blur: number;
  /** Black laid over the image, 0..1. */
  darken: number;
  /** Tint of the image by primary colour, 0..1. */
  tint?: number;
  /** Vignette strength 0..1. */
  vignette?: number;
}

/**
 * The frame's background, drawn once: the image (blurred, darkened) when there is one, else a
 * diagonal gradient of the two colours with a soft light, both with a vignette.
 */
export function prepareBackdrop(
  host: RenderHost,
  image: RenderImage | undefined,
  width: number,
  height: number,
  colors: { primary: string; secondary: string },
  options: BackdropOptions,
): Surface {
  const surface = host.createSurface(width, height);
  const ctx = surface.ctx;
  if (image) {
    const blur = Math.round(Math.min(width, height) * options.blur);
    if (blur > 0) {
      // Blur a small copy and scale it up: the same look for a fraction of the work.
      const factor = 4;
      const sw = Math.ceil(width / factor);
      const sh = Math.ceil(height / factor);
      const pad = Math.ceil((blur / factor) * 2);
      const small = scaledCover(host, image, sw + pad * 2, sh + pad * 2);
      const blurred = host.createSurface(sw, sh);
      blurred.ctx.filter = `blur(${Math.max(1, Math.round(blur / factor))}px)`;
      blurred.ctx.drawImage(small.image, -pad, -pad);
      blurred.ctx.filter = 'none';
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(blurred.image, 0, 0, sw, sh, 0, 0, sw * factor, sh * factor);
    } else {
      ctx.drawImage(scaledCover(host, image, width, height).image, 0, 0);
    }
    if (options.tint) {
      ctx.fillStyle = rgba(colors.primary, options.tint);
      ctx.fillRect(0, 0, width, height);
    }
    ctx.fillStyle = `rgba(0,0,0,${options.darken})`;
    ctx.fillRect(0, 0, width, height);
  } else {
    const g = ctx.createLinearGradient(0, 0, width, height);
    g.addColorStop(0, colors.primary);
    g.addColorStop(1, colors.secondary);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, height);
    const light = ctx.createRadialGradient(
      width * 0.3,
      height * 0.25,
      0,
      width * 0.3,
      height * 0.25,
      Math.max(width, height) * 0.8,
    );
    light.addColorStop(0, 'rgba(255,255,255,0.10)');
    light.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, width, height);
  }
  if (options.vignette) vignette(ctx, width, height, '#000000', options.vignette);
  return surface;
}

/** Band values resampled to n points (linear between bands), lightly smoothed across neighbours. */
export function resampleBands(
  bands: Float32Array,
  n: number,
  out: Float32Array = new Float32Array(n),
): Float32Array {
  const last = bands.length - 1;
  for (let i = 0; i < n; i++) {
    const x = n === 1 ? 0 : (i / (n - 1)) * last;
    const i0 = Math.floor(x);
    const i1 = Math.min(last, i0 + 1);
    const f = x - i0;
    out[i] = bands[i0]! * (1 - f) + bands[i1]! * f;
  }
  return out;
}

/** Frame size scale: 1 for a 1080-pixel shorter side. */
export function unit(width: number, height: number): number {
  return Math.min(width, height) / 1080;
}

/**
 * Which of a template's layouts a frame takes: 'wide' (16:9), 'tall' (9:16) or 'square' (1:1,
 * and 4:5, whose extra height the square layout spreads its parts over: not a crop of 9:16's).
 */
export function frameShape(width: number, height: number): 'wide' | 'square' | 'tall' {
  if (width > height) return 'wide';
  return height >= width * 1.5 ? 'tall' : 'square';
}

/** Formats seconds as m:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
