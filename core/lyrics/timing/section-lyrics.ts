// The lyrics of a stretch of the track (a release kit's hook clip), in the clip's own time: what
// a caption track of that clip shows. Lines on screen only partly within the stretch are cut to
// it, as the clip's picture cuts them.
import { type LyricLine, type Lyrics } from '../lyrics';
import { lineEnd } from './line-at';

/** A clip shorter than this of a line (seconds) is not worth a caption. */
const MIN_CUE_SECONDS = 0.1;

export function lyricsOfSection(
  lyrics: Lyrics,
  section: { startSeconds: number; endSeconds: number } | null,
): Lyrics {
  if (!section) return lyrics;
  const { startSeconds: from, endSeconds: to } = section;
  const length = to - from;
  const shift = (seconds: number) => Math.min(length, Math.max(0, seconds - from));
  const lines: LyricLine[] = [];
  lyrics.lines.forEach((line, index) => {
    const start = line.startSeconds;
    const end = lineEnd(lyrics, index);
    if (start === null || end === null) return;
    if (Math.min(end, to) - Math.max(start, from) < MIN_CUE_SECONDS) return;
    const words = line.words
      ?.filter((word) => word.startSeconds < to && (word.endSeconds ?? end) > from)
      .map((word) => ({
        text: word.text,
        startSeconds: shift(word.startSeconds),
        endSeconds: word.endSeconds === null ? null : shift(word.endSeconds),
      }));
    lines.push({
      ...line,
      startSeconds: shift(start),
      endSeconds: shift(end),
      words: words ?? null,
    });
  });
  return { lines, language: lyrics.language };
}
