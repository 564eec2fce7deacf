// The fonts the templates draw with: bundled files (public/fonts), registered under our own family
// names by both hosts, so text is drawn from the same outlines in the browser and on the server.
// Templates name only these families.

export const RENDER_FONT_SANS = 'Waveframe Sans';
export const RENDER_FONT_DISPLAY = 'Waveframe Display';
export const RENDER_FONT_MONO = 'Waveframe Mono';
/** The lyrics' families for scripts Inter lacks (bold only: the lyric styles draw bold). */
export const RENDER_FONT_ARABIC = 'Waveframe Arabic';
export const RENDER_FONT_HEBREW = 'Waveframe Hebrew';
export const RENDER_FONT_DEVANAGARI = 'Waveframe Devanagari';
export const RENDER_FONT_JAPANESE = 'Waveframe Japanese';

export interface RenderFontFile {
  family: string;
  /** File name in public/fonts (served at /fonts/): TrueType or WOFF2, both hosts read either. */
  file: string;
  weight: 400 | 700;
  style: 'normal';
}

export const RENDER_FONTS: readonly RenderFontFile[] = [
  { family: RENDER_FONT_SANS, file: 'Inter-Regular.ttf', weight: 400, style: 'normal' },
  { family: RENDER_FONT_SANS, file: 'Inter-Bold.ttf', weight: 700, style: 'normal' },
  { family: RENDER_FONT_DISPLAY, file: 'BebasNeue-Regular.ttf', weight: 400, style: 'normal' },
  { family: RENDER_FONT_MONO, file: 'SpaceMono-Regular.ttf', weight: 400, style: 'normal' },
  { family: RENDER_FONT_MONO, file: 'SpaceMono-Bold.ttf', weight: 700, style: 'normal' },
  { family: RENDER_FONT_ARABIC, file: 'NotoSansArabic-Bold.woff2', weight: 700, style: 'normal' },
  { family: RENDER_FONT_HEBREW, file: 'NotoSansHebrew-Bold.woff2', weight: 700, style: 'normal' },
  {
    family: RENDER_FONT_DEVANAGARI,
    file: 'NotoSansDevanagari-Bold.woff2',
    weight: 700,
    style: 'normal',
  },
  {
    family: RENDER_FONT_JAPANESE,
    file: 'NotoSansJP-Bold-Joyo.woff2',
    weight: 700,
    style: 'normal',
  },
];

/**
 * A CSS font shorthand for ctx.font with one of our families, or a list of them tried in order
 * glyph by glyph (both hosts fall back along the list); size in pixels.
 */
export function renderFont(
  family: string | readonly string[],
  sizePx: number,
  weight: 400 | 700 = 400,
): string {
  const families = typeof family === 'string' ? [family] : family;
  return `${weight} ${Math.round(sizePx)}px ${families.map((f) => `"${f}"`).join(', ')}`;
}
