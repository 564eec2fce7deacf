// Any lyrics file, whichever format it is in: by its extension (.lrc, .srt, .vtt), else by what it
// holds. A .txt file (or one without a known extension) is LRC when a line starts with a time
// tag, SRT when it has `-->` cue times, WebVTT when it starts with WEBVTT, plain text otherwise.
import type { Lyrics } from '../lyrics';
import { checkLyricsSize } from './lyrics-text';
import { parseLrc } from './parse-lrc';
import { parsePlainText } from './parse-plain-text';
import { parseSrt } from './parse-srt';
import { parseVtt } from './parse-vtt';

export type LyricsFormat = 'plain' | 'lrc' | 'srt' | 'vtt';

const PARSERS: Record<LyricsFormat, (text: string) => Lyrics> = {
  plain: parsePlainText,
  lrc: parseLrc,
  srt: parseSrt,
  vtt: parseVtt,
};

const BY_EXTENSION: Record<string, LyricsFormat> = { lrc: 'lrc', srt: 'srt', vtt: 'vtt' };

/**
 * White space within a line: `\s` without the line breaks. The patterns below are tried at every
 * line start; with `\s` each try ran on through all the blank lines that follow, so a file of
 * blank lines took time in the square of its size (a minute for 160 KB). Within a line, each try
 * reads only its own line.
 */
const SPACE = String.raw`[^\S\r\n\u2028\u2029]*`;
/** A line that starts with SRT's cue times, `00:01:02,500 -->`. */
const SRT_TIMING_LINE = new RegExp(
  String.raw`^${SPACE}(?:\d+:)?\d{1,2}:\d{1,2}[.,]\d{1,3}${SPACE}-->`,
  'm',
);
/** A line that starts with an LRC time tag, `[01:23.45]`. */
const LRC_TIMED_LINE = new RegExp(String.raw`^${SPACE}\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]`, 'm');

/** The format of a lyrics file, from its name when the extension says, else from its text. */
export function detectLyricsFormat(fileName: string | null, text: string): LyricsFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : BY_EXTENSION[extension];
  if (named !== undefined) return named;
  const head = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  if (SRT_TIMING_LINE.test(head)) return 'srt';
  if (LRC_TIMED_LINE.test(head)) return 'lrc';
  return 'plain';
}

/**
 * Reads a lyrics file of any supported format; throws LyricsError naming the line when it cannot.
 * A file over the size limit is refused before its format is looked for.
 */
export function parseLyrics(fileName: string | null, text: string): Lyrics {
  checkLyricsSize(text);
  return PARSERS[detectLyricsFormat(fileName, text)](text);
}
