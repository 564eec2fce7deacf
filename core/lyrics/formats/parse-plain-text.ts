// Plain text, as pasted from a lyrics sheet: one sung line per line, blank lines between sections,
// nothing timed yet. A line that is only a bracketed label ("[Chorus]", "[Verse 2]", as lyrics
// sites write them) is not sung: it starts a new section, and is kept as that section's label. Times written in the text stay text;
// a text file with `[01:23.45]` times is LRC, and parseLyrics reads it as such.
import { LyricsError, type LyricLine, type Lyrics } from '../lyrics';
import { checkLineCount, lyricsFileLines } from './lyrics-text';
import { joinLabels } from './section-labels';
import { collapseSpaces } from './timed-words';

const SECTION_LABEL = /^\[([^\]]*)\]$/;

/** Reads pasted lyrics; throws LyricsError when the text is not lyrics at all. */
export function parsePlainText(text: string): Lyrics {
  const lines: LyricLine[] = [];
  let section = 0;
  let sectionHasLines = false;
  let labels: string[] = [];
  lyricsFileLines(text).forEach((raw, index) => {
    const line = collapseSpaces(raw);
    const label = SECTION_LABEL.exec(line);
    if (line === '' || label) {
      if (sectionHasLines) section++;
      sectionHasLines = false;
      if (label) labels.push(label[1]!);
      return;
    }
    checkLineCount(lines.length + 1, index + 1);
    const sectionLabel = joinLabels(labels);
    labels = [];
    lines.push({
      text: line,
      startSeconds: null,
      endSeconds: null,
      words: null,
      section,
      ...(sectionLabel ? { sectionLabel } : {}),
    });
    sectionHasLines = true;
  });
  if (lines.length === 0) throw new LyricsError('There are no lyrics in this text.');
  return { lines, language: null };
}
