// Lyrics as WebVTT: the cues of toSrt, with word times as karaoke timestamps and the language in
// a `Language:` header.
import type { Lyrics } from '../lyrics';
import { formatCueTime } from './clock';
import { cueTimes } from './cue-times';
import { oneLine, writeMarkedWords } from './timed-words';

/** A BCP 47 tag, the only thing written after `Language:`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

function escapeCueText(text: string): string {
  return oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** WebVTT text of timed lyrics; throws LyricsError when a line is not timed or lines share a start. */
export function toVtt(lyrics: Lyrics): string {
  const language = lyrics.language !== null && LANGUAGE_TAG.test(lyrics.language);
  const header = language ? `WEBVTT\nLanguage: ${lyrics.language}\n` : 'WEBVTT\n';
  const cues = cueTimes(lyrics, 'WebVTT').map(({ line, startMs, endMs }) => {
    const text =
      line.words === null || line.words.length === 0
        ? escapeCueText(line.text)
        : writeMarkedWords(line, (ms) => `<${formatCueTime(ms, '.')}>`, escapeCueText, false);
    return `${formatCueTime(startMs, '.')} --> ${formatCueTime(endMs, '.')}\n${text}\n`;
  });
  return [header, ...cues].join('\n');
}
