// Reading a local image for the colour picker: decoded in the browser, never sent anywhere.

/** The longest side the picker's canvas draws; larger images are scaled down to it. */
export const MAX_CANVAS_SIDE = 2048;
/** The longest side of the copy the palette is extracted from: plenty for dominant colours. */
const PALETTE_SAMPLE_SIDE = 200;

export const IMAGE_MESSAGES = {
  notAnImage: 'That file is not an image. Choose a PNG, JPEG, WebP or GIF file.',
  unreadable:
    'This image could not be opened: the file may be damaged or in a format this browser cannot read.',
} as const;

export type LoadedImage =
  { ok: true; bitmap: ImageBitmap; name: string } | { ok: false; error: string };

/** Decodes an image file of this device. */
export async function loadImageFile(file: File): Promise<LoadedImage> {
  if (file.type && !file.type.startsWith('image/'))
    return { ok: false, error: IMAGE_MESSAGES.notAnImage };
  try {
    const bitmap = await createImageBitmap(file);
    return { ok: true, bitmap, name: file.name };
  } catch {
    return { ok: false, error: file.type ? IMAGE_MESSAGES.unreadable : IMAGE_MESSAGES.notAnImage };
  }
}

/** The size an image is drawn at on the picker's canvas. */
export function canvasSizeOf(image: { width: number; height: number }): {
  width: number;
  height: number;
} {
  const scale = Math.min(1, MAX_CANVAS_SIDE / Math.max(image.width, image.height));
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** The RGBA pixels of a small copy of the image, for the palette worker. */
export function paletteSample(image: ImageBitmap): Uint8ClampedArray {
  const scale = Math.min(1, PALETTE_SAMPLE_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return new Uint8ClampedArray(0);
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}
