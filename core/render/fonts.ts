// The fonts the templates draw with: bundled files (public/fonts), registered under our own family
// names by both hosts, so text is drawn from the same outlines in the browser and on the server.
// Templates name only these families.

export const RENDER_FONT_SANS = 'Waveframe Sans';
export const RENDER_FONT_DISPLAY = 'Waveframe Display';
export const RENDER_FONT_MONO = 'Waveframe Mono';

export interface RenderFontFile {
  family: string;
  /** File name in public/fonts (served at /fonts/). */
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
];

/** A CSS font shorthand for ctx.font with one of our families; size in pixels. */
export function renderFont(family: string, sizePx: number, weight: 400 | 700 = 400): string {
  return `${weight} ${Math.round(sizePx)}px "${family}"`;
}
