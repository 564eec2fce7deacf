// The checks every lyrics file passes before a format reads it, and its lines. A file that is too
// large, binary, or longer than any song is refused here, whatever its format.
import {
  LYRICS_MAX_BYTES,
  LYRICS_MAX_LINES,
  LYRICS_TOO_LARGE_MESSAGE,
  LyricsError,
} from '../lyrics';

/**
 * Share of characters that no text file has (control characters, U+FFFD left by decoding bytes
 * that are not UTF-8) above which a file is taken for binary. A few stray ones are a damaged text
 * file; a tenth is a picture or an audio file read as text.
 */
const BINARY_CHARACTER_SHARE = 0.1;

/** Size of a string once encoded as UTF-8, without TextEncoder (core runs where it may be absent). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function isBinaryCharacter(unit: number): boolean {
  if (unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) return false;
  return unit < 0x20 || (unit >= 0x7f && unit <= 0x9f) || unit === 0xfffd;
}

/**
 * Refuses more than LYRICS_MAX_BYTES of UTF-8. Done before anything else looks at the text (the
 * format's detection too): whatever reads it then reads at most that much.
 */
export function checkLyricsSize(text: string): void {
  // Each UTF-16 unit is at least one byte: the exact count is needed only near the limit.
  if (text.length > LYRICS_MAX_BYTES || utf8ByteLength(text) > LYRICS_MAX_BYTES) {
    throw new LyricsError(LYRICS_TOO_LARGE_MESSAGE);
  }
}

/**
 * The lines of a lyrics file (index 0 is the file's line 1), after refusing what is not lyrics:
 * more than LYRICS_MAX_BYTES of UTF-8, or binary content (a NUL, or many control characters).
 */
export function lyricsFileLines(text: string): string[] {
  checkLyricsSize(text);
  let binary = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) throw new LyricsError('This is not a text file.');
    if (isBinaryCharacter(unit)) binary++;
  }
  if (text.length > 0 && binary / text.length > BINARY_CHARACTER_SHARE) {
    throw new LyricsError('This is not a text file.');
  }
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.split(/\r\n|\r|\n/);
}

/** Refuses the sung line that goes past LYRICS_MAX_LINES; `fileLine` is where it is (1-based). */
export function checkLineCount(count: number, fileLine: number | null): void {
  if (count > LYRICS_MAX_LINES) {
    throw new LyricsError(
      `More than ${LYRICS_MAX_LINES} lines of lyrics: a song has fewer. Is this several songs in one file?`,
      fileLine,
    );
  }
}
