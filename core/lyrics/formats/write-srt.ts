// Lyrics as SRT, the caption file YouTube's captions API takes: one numbered cue per line, shown
// for as long as the video shows the line (lineEnd), never overlapping the next.
import type { Lyrics } from '../lyrics';
import { formatCueTime } from './clock';
import { cueTimes } from './cue-times';
import { oneLine } from './timed-words';

/** SRT text of timed lyrics; throws LyricsError when a line is not timed or lines share a start. */
export function toSrt(lyrics: Lyrics): string {
  return cueTimes(lyrics, 'SRT')
    .map(
      ({ line, startMs, endMs }, index) =>
        `${index + 1}\n${formatCueTime(startMs, ',')} --> ${formatCueTime(endMs, ',')}\n${oneLine(line.text)}\n`,
    )
    .join('\n');
}
