// Colour conversions between sRGB channels, HSL and hex codes, as the colour tools show them.

/** sRGB channels, each an integer 0–255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Hue in degrees 0–360, saturation and lightness in percent 0–100. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** An Rgb with each channel rounded and clamped to 0–255 (NaN becomes 0). */
export function normalizeRgb(rgb: Rgb): Rgb {
  const channel = (value: number) =>
    Number.isFinite(value) ? clamp(Math.round(value), 0, 255) : 0;
  return { r: channel(rgb.r), g: channel(rgb.g), b: channel(rgb.b) };
}

/** The HSL of a colour, unrounded (hue 0 for greys). */
export function rgbToHsl(rgb: Rgb): Hsl {
  const { r, g, b } = normalizeRgb(rgb);
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: l * 100 };
  const s = delta / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rf) h = ((gf - bf) / delta) % 6;
  else if (max === gf) h = (bf - rf) / delta + 2;
  else h = (rf - gf) / delta + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s: s * 100, l: l * 100 };
}

/** The sRGB channels of an HSL colour, rounded; out-of-range values are clamped, hue wraps. */
export function hslToRgb(hsl: Hsl): Rgb {
  const h = (((Number.isFinite(hsl.h) ? hsl.h : 0) % 360) + 360) % 360;
  const s = clamp(Number.isFinite(hsl.s) ? hsl.s : 0, 0, 100) / 100;
  const l = clamp(Number.isFinite(hsl.l) ? hsl.l : 0, 0, 100) / 100;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const x = chroma * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - chroma / 2;
  const sector = Math.floor(h / 60);
  const [r1, g1, b1] =
    sector === 0
      ? [chroma, x, 0]
      : sector === 1
        ? [x, chroma, 0]
        : sector === 2
          ? [0, chroma, x]
          : sector === 3
            ? [0, x, chroma]
            : sector === 4
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return normalizeRgb({ r: (r1 + m) * 255, g: (g1 + m) * 255, b: (b1 + m) * 255 });
}

/** HSL rounded to whole degrees and percent, as the tools show and accept it. */
export function roundHsl(hsl: Hsl): Hsl {
  return { h: Math.round(hsl.h) % 360, s: Math.round(hsl.s), l: Math.round(hsl.l) };
}

/** "#rrggbb" in lower case. */
export function rgbToHex(rgb: Rgb): string {
  const { r, g, b } = normalizeRgb(rgb);
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Why a hex code was refused, in a sentence for the field. */
export const HEX_ERROR = 'Enter a hex colour of 3 or 6 digits 0–9 and a–f, such as #1e90ff';

/**
 * The colour of a hex code: "#rgb" or "#rrggbb", the "#" optional, any case, surrounding spaces
 * ignored. Null when it is no such code.
 */
export function parseHex(text: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

/** "rgb(30, 144, 255)". */
export function formatRgb(rgb: Rgb): string {
  const { r, g, b } = normalizeRgb(rgb);
  return `rgb(${r}, ${g}, ${b})`;
}

/** "hsl(210, 100%, 56%)", rounded to whole degrees and percent. */
export function formatHsl(hsl: Hsl): string {
  const { h, s, l } = roundHsl(hsl);
  return `hsl(${h}, ${s}%, ${l}%)`;
}
