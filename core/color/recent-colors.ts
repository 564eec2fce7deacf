// The list of recently made colours a colour tool keeps on the device.
import { parseHex, rgbToHex } from './color-convert';

/** How many recent colours are kept. */
export const RECENT_COLORS_LIMIT = 20;

/** The list with `hex` first (moved there if already listed), at most RECENT_COLORS_LIMIT long. */
export function addRecentColor(list: readonly string[], hex: string): string[] {
  const rgb = parseHex(hex);
  if (!rgb) return [...list];
  const normalized = rgbToHex(rgb);
  return [normalized, ...list.filter((item) => item !== normalized)].slice(0, RECENT_COLORS_LIMIT);
}

/** A stored list read back: anything that is not a list of hex codes is dropped. */
export function parseRecentColors(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const colors: string[] = [];
  for (const item of stored) {
    const rgb = typeof item === 'string' ? parseHex(item) : null;
    if (!rgb) continue;
    const hex = rgbToHex(rgb);
    if (!colors.includes(hex)) colors.push(hex);
  }
  return colors.slice(0, RECENT_COLORS_LIMIT);
}
