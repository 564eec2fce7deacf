// WCAG 2.x contrast: relative luminance, contrast ratio and the levels text of a colour passes.
import { normalizeRgb, type Rgb } from './color-convert';

/** The linear-light value of one sRGB channel 0–255 (WCAG 2.x definition). */
function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(rgb: Rgb): number {
  const { r, g, b } = normalizeRgb(rgb);
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** The WCAG contrast ratio of two colours, 1 to 21, whichever order they come in. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The level text reaches: AAA, AA or none. */
export type WcagLevel = 'AAA' | 'AA' | 'fails';

/** The summary verdict of a ratio: "AA large" passes for large text only. */
export type ContrastVerdict = 'AAA' | 'AA' | 'AA large' | 'fails';

export interface ContrastAssessment {
  ratio: number;
  /** Body text: AA needs 4.5:1, AAA 7:1. */
  normalText: WcagLevel;
  /** Large text (24 px, or 18.66 px bold): AA needs 3:1, AAA 4.5:1. */
  largeText: WcagLevel;
  verdict: ContrastVerdict;
}

/** The WCAG 2.x levels a contrast ratio passes, for normal and large text. */
export function assessContrast(ratio: number): ContrastAssessment {
  const normalText: WcagLevel = ratio >= 7 ? 'AAA' : ratio >= 4.5 ? 'AA' : 'fails';
  const largeText: WcagLevel = ratio >= 4.5 ? 'AAA' : ratio >= 3 ? 'AA' : 'fails';
  const verdict: ContrastVerdict =
    normalText !== 'fails' ? normalText : largeText !== 'fails' ? 'AA large' : 'fails';
  return { ratio, normalText, largeText, verdict };
}

/**
 * A ratio as "4.49:1", cut (not rounded) to two decimals so a colour that just fails never reads
 * as passing.
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2)}:1`;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** The contrast of a colour against white and against black. */
export function contrastAgainstWhiteAndBlack(rgb: Rgb): {
  white: ContrastAssessment;
  black: ContrastAssessment;
} {
  return {
    white: assessContrast(contrastRatio(rgb, WHITE)),
    black: assessContrast(contrastRatio(rgb, BLACK)),
  };
}
