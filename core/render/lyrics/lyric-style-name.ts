// The names of the lyric styles (styles.ts draws them) and the lyrics settings, apart so a
// scene's settings can name them without importing the drawing.

import type { LyricLine } from '../../lyrics/lyrics';

export const LYRIC_STYLE_NAMES = ['centred', 'karaoke', 'captions', 'kinetic', 'sheet'] as const;
export type LyricStyleName = (typeof LYRIC_STYLE_NAMES)[number];

/** The lyrics of a render, as its settings hold them (plain data: stored, sent to workers). */
export interface LyricsSettings {
  lines: LyricLine[];
  style: LyricStyleName;
  /** BCP 47 language of the words, when the user said: the default of a caption track's. */
  language?: string;
}
