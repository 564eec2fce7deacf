// The server's side of the renderer: @napi-rs/canvas (Skia) behind core's Canvas2D contract.

import { Canvas, createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import type { Canvas2D, RenderHost, RenderImage, Surface } from '../../core/render/canvas-2d';
import type { ImageSlot } from '../../core/render/scene';

// tsParticles (a particle render's engine, core/particles) draws on an OffscreenCanvas, the only
// canvas it knows besides a page's; here that is Skia's canvas, which has the same 2D context.
(globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas ??= Canvas;

export interface NodeSurface extends Surface {
  readonly canvas: Canvas;
}

export function createNodeSurface(width: number, height: number): NodeSurface {
  const canvas = createCanvas(width, height);
  // SKRSContext2D implements every member of Canvas2D; the types differ only in DOM naming.
  const ctx = canvas.getContext('2d') as unknown as Canvas2D;
  return { canvas, ctx, image: canvas as unknown as RenderImage };
}

/**
 * The canvas's pixels as RGBA bytes, top row first. Through getImageData, not canvas.data():
 * data() snapshots the surface (Skia then copies the whole surface again at the next draw) and
 * copies the pixels twice into fresh memory, and a fresh 8 MB a 1080p frame is zeroed page by
 * page by the kernel: measured 19 ms a frame against 2.5 ms (mostly system time). Every frame
 * is opaque (drawFrame fills black first), so unpremultiplied and premultiplied are the same.
 */
export function canvasPixels(canvas: Canvas): Uint8Array {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Draws over pixels that are not on the canvas (a particle frame finished in memory): writes them
 * to the surface, lets `draw` draw on it, and reads the result back into the same bytes. Two
 * full-frame copies, paid only by frames that have something to draw over them.
 */
export function overlayPixels(
  surface: NodeSurface,
  rgba: Uint8Array,
  draw: (ctx: Canvas2D) => void,
): void {
  const { width, height } = surface.canvas;
  const context = surface.canvas.getContext('2d');
  const view = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, width * height * 4);
  context.putImageData(new ImageData(view, width, height), 0, 0);
  draw(surface.ctx);
  rgba.set(context.getImageData(0, 0, width, height).data);
}

export const nodeRenderHost: RenderHost = {
  createSurface: (width, height) => createNodeSurface(width, height),
};

/** Decodes an image file (JPEG, PNG, WebP, GIF) for drawing. */
export async function loadNodeImage(file: string | Buffer): Promise<RenderImage> {
  return (await loadImage(file)) as unknown as RenderImage;
}

/** What a render answers when the picture of an image slot cannot be decoded. */
export function unreadableImageMessage(slot: ImageSlot): string {
  return `The ${slot.replace('_', ' ')} image could not be read: use a JPEG, PNG, WebP or GIF picture.`;
}
