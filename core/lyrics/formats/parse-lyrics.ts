// Any lyrics file, whichever format it is in: by its extension (.lrc, .srt, .vtt), else by what it
// holds. A .txt file (or one without a known extension) is LRC when a line starts with a time
// tag, SRT when it has `-->` cue times, WebVTT when it starts with WEBVTT, plain text otherwise.
import type { Lyrics } from '../lyrics';
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

/** The format of a lyrics file, from its name when the extension says, else from its text. */
export function detectLyricsFormat(fileName: string | null, text: string): LyricsFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : BY_EXTENSION[extension];
  if (named !== undefined) return named;
  const head = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  if (/^\s*(?:\d+:)?\d{1,2}:\d{1,2}[.,]\d{1,3}\s*-->/m.test(head)) return 'srt';
  if (/^\s*\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]/m.test(head)) return 'lrc';
  return 'plain';
}

/** Reads a lyrics file of any supported format; throws LyricsError naming the line when it cannot. */
export function parseLyrics(fileName: string | null, text: string): Lyrics {
  return PARSERS[detectLyricsFormat(fileName, text)](text);
}
