// The image colour picker's palette extraction, as the palette worker exposes it over comlink.
import { extractPalette, type PaletteColor } from '../core/color/palette';

export const paletteApi = {
  /** The dominant colours of RGBA pixels (an ImageData's data, ideally transferred). */
  extractPalette(pixels: Uint8ClampedArray, count: number): PaletteColor[] {
    return extractPalette(pixels, { count });
  },
};

export type PaletteApi = typeof paletteApi;
