// The server's side of the renderer: @napi-rs/canvas (Skia) behind core's Canvas2D contract.

import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D, RenderHost, RenderImage, Surface } from '../../core/render/canvas-2d';
import type { ImageSlot } from '../../core/render/scene';

export interface NodeSurface extends Surface {
  readonly canvas: Canvas;
}

export function createNodeSurface(width: number, height: number): NodeSurface {
  const canvas = createCanvas(width, height);
  // SKRSContext2D implements every member of Canvas2D; the types differ only in DOM naming.
  const ctx = canvas.getContext('2d') as unknown as Canvas2D;
  return { canvas, ctx, image: canvas as unknown as RenderImage };
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
