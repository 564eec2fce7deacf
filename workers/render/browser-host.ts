// The browser's side of the renderer: OffscreenCanvas behind core's Canvas2D contract, the bundled
// render fonts loaded with FontFace, and images decoded to ImageBitmaps. Works in a Web Worker and
// on a page alike.

import type { Canvas2D, RenderHost, RenderImage, Surface } from '../../core/render/canvas-2d';
import { RENDER_FONTS } from '../../core/render/fonts';

export interface BrowserSurface extends Surface {
  readonly canvas: OffscreenCanvas;
}

export function createBrowserSurface(width: number, height: number): BrowserSurface {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on an OffscreenCanvas');
  // OffscreenCanvasRenderingContext2D implements every member of Canvas2D.
  const ctx = context as unknown as Canvas2D;
  return { canvas, ctx, image: canvas as unknown as RenderImage };
}

/** A RenderHost whose surfaces are OffscreenCanvases. */
export function createBrowserHost(): RenderHost {
  return { createSurface: (width, height) => createBrowserSurface(width, height) };
}

/** The FontFaceSet of this global: the worker's (self.fonts) or the page's (document.fonts). */
function fontSet(): FontFaceSet {
  const scope = globalThis as unknown as { fonts?: FontFaceSet; document?: Document };
  const set = scope.fonts ?? scope.document?.fonts;
  if (!set) throw new Error('This browser cannot load fonts here (no FontFaceSet)');
  return set;
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads every render font from baseUrl (where public/fonts is served) and adds it to this global's
 * fonts; resolves when all can be drawn. Calling it again with the same baseUrl reuses the first load.
 */
export function loadRenderFonts(baseUrl = '/fonts/'): Promise<void> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  let done = loading.get(base);
  if (!done) {
    done = Promise.all(
      RENDER_FONTS.map(async (font) => {
        const face = new FontFace(font.family, `url("${base}${font.file}")`, {
          weight: String(font.weight),
          style: font.style,
        });
        await face.load();
        fontSet().add(face);
      }),
    ).then(() => undefined);
    done.catch(() => loading.delete(base));
    loading.set(base, done);
  }
  return done;
}

/** Decodes an image (a Blob, or a URL fetched first) for drawing. */
export async function loadBrowserImage(source: Blob | string): Promise<RenderImage> {
  let blob: Blob;
  if (typeof source === 'string') {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`Image ${source} could not be loaded (${response.status})`);
    blob = await response.blob();
  } else {
    blob = source;
  }
  const bitmap = await createImageBitmap(blob);
  return bitmap as unknown as RenderImage;
}
