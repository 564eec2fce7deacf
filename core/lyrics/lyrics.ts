// Lyrics of a track (issue 27): the sung lines in order, each with the moment it starts and,
// when timed word by word, its words. Times are seconds of the track. Parsing and writing the
// file formats (plain text, LRC and enhanced LRC, SRT, WebVTT) is in formats/; the renderer's
// lyrics layer draws a Lyrics at any moment of the track.

/** One word of a line timed word by word. */
export interface LyricWord {
  text: string;
  startSeconds: number;
  /** When the word ends; null: at the next word's start (or the line's end). */
  endSeconds: number | null;
}

export interface LyricLine {
  text: string;
  /** When the line starts; null while it is not timed yet (pasted text before tapping). */
  startSeconds: number | null;
  /** When it leaves the screen; null: at the next line's start (or a few seconds after). */
  endSeconds: number | null;
  /** Word timing, when there is any. */
  words: LyricWord[] | null;
  /** Which section (verse, chorus...) the line belongs to: blank lines separate sections. */
  section: number;
  /**
   * The name a lyrics sheet gives the section this line starts ("Verse 1" for `[Verse 1]`), on
   * the section's first line only. Kept in the editor and in LRC files; not sung, so neither
   * drawn in videos nor written in captions.
   */
  sectionLabel?: string;
}

export interface Lyrics {
  lines: LyricLine[];
  /** BCP 47 language of the words ("en", "ja", "ar"), when the user said; for captions. */
  language: string | null;
}

/** A lyrics file that cannot be read: the reason, and the line of the file it is on. */
export class LyricsError extends Error {
  override name = 'LyricsError';
  constructor(
    message: string,
    /** 1-based line of the file; null when the problem is the whole file. */
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
  }
}

/** Lyrics files are text and small: larger ones are refused before they are read. */
export const LYRICS_MAX_BYTES = 512 * 1024;

/** The refusal of a file over LYRICS_MAX_BYTES, the same wherever it is refused. */
export const LYRICS_TOO_LARGE_MESSAGE = `This file is larger than ${LYRICS_MAX_BYTES / 1024} KB, the most a lyrics file can be.`;

/** The most lines a track's lyrics may have, and the longest a sung line may be (characters). */
export const LYRICS_MAX_LINES = 2000;
export const LYRICS_LINE_MAX_CHARS = 300;
