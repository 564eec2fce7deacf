// The times of lines written as cues (SRT, WebVTT): each cue lasts as long as the video shows its
// line (lineEnd), so the captions on YouTube come and go with the lyrics in the picture.
import { LyricsError, type LyricLine, type Lyrics } from '../lyrics';
import { lineEnd } from '../timing/line-at';
import { toMs } from './clock';

/** The start and end of each line as a cue: its time on screen (lineEnd), never overlapping the next. */
export function cueTimes(
  lyrics: Lyrics,
  format: string,
): { line: LyricLine; startMs: number; endMs: number }[] {
  const startsMs = lyrics.lines.map((line, index) => {
    if (line.startSeconds === null) {
      throw new LyricsError(
        `Line ${index + 1} ("${line.text}") is not timed yet: time every line before saving as ${format}.`,
      );
    }
    return toMs(line.startSeconds);
  });
  startsMs.forEach((startMs, index) => {
    const previousMs = startsMs[index - 1];
    if (previousMs === undefined || startMs > previousMs) return;
    throw new LyricsError(
      startMs === previousMs
        ? `Lines ${index} and ${index + 1} start at the same moment: ${format} shows one line at a time.`
        : `Line ${index + 1} starts before line ${index}: lines must be in time order.`,
    );
  });
  return lyrics.lines.map((line, index) => {
    const startMs = startsMs[index] ?? 0;
    const endMs = Math.min(toMs(lineEnd(lyrics, index) ?? 0), startsMs[index + 1] ?? Infinity);
    if (endMs <= startMs) {
      throw new LyricsError(`Line ${index + 1} ("${line.text}") ends before it starts.`);
    }
    return { line, startMs, endMs };
  });
}
