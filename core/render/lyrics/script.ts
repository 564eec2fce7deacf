// Which writing system a lyric line is in, so it is drawn in a font that has its letters and in
// its direction. Decided by the letters alone (digits, punctuation and spaces are neutral).

import {
  RENDER_FONT_ARABIC,
  RENDER_FONT_DEVANAGARI,
  RENDER_FONT_HEBREW,
  RENDER_FONT_JAPANESE,
  RENDER_FONT_SANS,
} from '../fonts';

export type LyricScript = 'latin' | 'arabic' | 'hebrew' | 'devanagari' | 'japanese';

const SCRIPT_LETTERS: readonly [LyricScript, RegExp][] = [
  ['arabic', /\p{Script=Arabic}/gu],
  ['hebrew', /\p{Script=Hebrew}/gu],
  ['devanagari', /\p{Script=Devanagari}/gu],
  ['japanese', /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/gu],
];

/** The script most of the line's non-Latin letters are in; 'latin' when it has none. */
export function lineScript(text: string): LyricScript {
  let best: LyricScript = 'latin';
  let most = 0;
  for (const [script, letters] of SCRIPT_LETTERS) {
    const count = text.match(letters)?.length ?? 0;
    if (count > most) {
      best = script;
      most = count;
    }
  }
  return best;
}

/** Whether lines of the script are read right to left. */
export function isRightToLeft(script: LyricScript): boolean {
  return script === 'arabic' || script === 'hebrew';
}

/**
 * The font list for a line in the script: its own family, then Inter for any Latin words, digits
 * and punctuation it lacks (a list both hosts fall back along glyph by glyph). Arabic and Hebrew
 * come first for their lines so the spaces and marks between their words are theirs.
 */
export function scriptFonts(script: LyricScript): readonly string[] {
  switch (script) {
    case 'arabic':
      return [RENDER_FONT_ARABIC, RENDER_FONT_SANS];
    case 'hebrew':
      return [RENDER_FONT_HEBREW, RENDER_FONT_SANS];
    case 'devanagari':
      return [RENDER_FONT_SANS, RENDER_FONT_DEVANAGARI];
    case 'japanese':
      return [RENDER_FONT_SANS, RENDER_FONT_JAPANESE];
    default:
      return [RENDER_FONT_SANS];
  }
}
