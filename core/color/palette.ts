// Dominant colours of an image by median cut: deterministic, no randomness.
import { rgbToHex, type Rgb } from './color-convert';

export interface PaletteColor {
  rgb: Rgb;
  hex: string;
  /** The part of the image's (opaque, sampled) pixels this colour stands for, 0–1. */
  share: number;
}

export interface PaletteOptions {
  /** How many colours at most; fewer when the image has fewer distinct colours. Default 8. */
  count?: number;
  /** At most this many pixels are read, evenly spaced; more gives no better palette. */
  maxSamples?: number;
}

interface ColorBin {
  r: number;
  g: number;
  b: number;
  count: number;
}

type Channel = 'r' | 'g' | 'b';

interface Box {
  bins: ColorBin[];
  population: number;
  channel: Channel;
  range: number;
}

function makeBox(bins: ColorBin[]): Box {
  const min = { r: 255, g: 255, b: 255 };
  const max = { r: 0, g: 0, b: 0 };
  let population = 0;
  for (const bin of bins) {
    population += bin.count;
    for (const c of ['r', 'g', 'b'] as const) {
      if (bin[c] < min[c]) min[c] = bin[c];
      if (bin[c] > max[c]) max[c] = bin[c];
    }
  }
  // Ties go to green, then red: the eye tells green shades apart best.
  let channel: Channel = 'g';
  for (const c of ['r', 'b'] as const) {
    if (max[c] - min[c] > max[channel] - min[channel]) channel = c;
  }
  return { bins, population, channel, range: max[channel] - min[channel] };
}

/** Splits a box at the population median of its widest channel; both halves are non-empty. */
function splitBox(box: Box): [Box, Box] {
  const { channel } = box;
  const sorted = [...box.bins].sort((a, b) => a[channel] - b[channel]);
  const half = box.population / 2;
  let seen = 0;
  let cut = 1;
  for (let i = 0; i < sorted.length - 1; i += 1) {
    seen += (sorted[i] as ColorBin).count;
    cut = i + 1;
    if (seen >= half) break;
  }
  // Never split between two bins of the same channel value: keeps flat colours whole.
  const value = (sorted[cut - 1] as ColorBin)[channel];
  while (cut < sorted.length && (sorted[cut] as ColorBin)[channel] === value) cut += 1;
  if (cut >= sorted.length) {
    cut -= 1;
    while (cut > 0 && (sorted[cut - 1] as ColorBin)[channel] === value) cut -= 1;
  }
  return [makeBox(sorted.slice(0, cut)), makeBox(sorted.slice(cut))];
}

function averageColor(box: Box): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  for (const bin of box.bins) {
    r += bin.r * bin.count;
    g += bin.g * bin.count;
    b += bin.b * bin.count;
  }
  return {
    r: Math.round(r / box.population),
    g: Math.round(g / box.population),
    b: Math.round(b / box.population),
  };
}

/**
 * The dominant colours of RGBA pixels (as ImageData holds them), most common first. Pixels less
 * than half opaque are ignored. Same pixels, same palette.
 */
export function extractPalette(
  pixels: Uint8ClampedArray | Uint8Array,
  options: PaletteOptions = {},
): PaletteColor[] {
  const count = Math.max(1, Math.floor(options.count ?? 8));
  const maxSamples = Math.max(1, Math.floor(options.maxSamples ?? 100_000));
  const pixelCount = Math.floor(pixels.length / 4);
  const step = Math.max(1, Math.ceil(pixelCount / maxSamples));

  const histogram = new Map<number, ColorBin>();
  for (let p = 0; p < pixelCount; p += step) {
    const i = p * 4;
    if ((pixels[i + 3] as number) < 128) continue;
    const r = pixels[i] as number;
    const g = pixels[i + 1] as number;
    const b = pixels[i + 2] as number;
    const key = (r << 16) | (g << 8) | b;
    const bin = histogram.get(key);
    if (bin) bin.count += 1;
    else histogram.set(key, { r, g, b, count: 1 });
  }
  if (histogram.size === 0) return [];

  const boxes = [makeBox([...histogram.values()])];
  while (boxes.length < count) {
    // The box to split: the most spread-out colours weighted by how much of the image they cover.
    let best = -1;
    let bestScore = 0;
    boxes.forEach((box, index) => {
      const score = box.bins.length > 1 ? box.range * box.population : 0;
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    if (best < 0) break;
    const [first, second] = splitBox(boxes[best] as Box);
    boxes.splice(best, 1, first, second);
  }

  const total = boxes.reduce((sum, box) => sum + box.population, 0);
  return boxes
    .map((box) => {
      const rgb = averageColor(box);
      return { rgb, hex: rgbToHex(rgb), share: box.population / total };
    })
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
}
