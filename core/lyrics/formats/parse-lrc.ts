// LRC: `[mm:ss.xx]line`, the usual timed-lyrics file of music players, and its "enhanced" form with
// `<mm:ss.xx>` before each word. Kept: line times (several tags on a line repeat it at each time),
// word times, `[offset:]`, ends written as a time tag with no text, and sections (blank lines or
// a `[Chorus]`-style label between lines, kept as the section's label). Other tags ([ar:], [ti:], [al:], [by:], [length:]...)
// are read past.
import { LyricsError, type LyricLine, type Lyrics } from '../lyrics';
import { clockMs, fromMs } from './clock';
import { checkLineCount, lyricsFileLines } from './lyrics-text';
import { joinLabels } from './section-labels';
import { splitAtMarks, wordsFromSegments, wordsInSeconds, type WordTiming } from './timed-words';

/** Sticky: read where the tag before it ended, so a line of many tags is read once, not sliced at each. */
const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]\s*/y;
const WORD_MARK = /<(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?>/g;
/** `[ar:Artist]`, `[offset:+250]`: a key of letters, a colon, a value. */
const METADATA_TAG = /^\[([a-z#][a-z0-9#_-]*)\s*:(.*)\]$/i;
/** `[Chorus]`, `[Verse 2]`: a section label, which starts a new section. */
const SECTION_LABEL = /^\[([^\]:]*)\]$/;

/** A time tag or word mark in the LRC way (minutes may pass 59: LRC has no hours). */
function lrcMs(match: RegExpExecArray, line: number): number {
  const [written, minutes = '', seconds = '', fraction] = match;
  return clockMs({ hours: undefined, minutes, seconds, fraction }, written.trim(), line);
}

/** One line of the file at one of its times, or (with no text) the end of the line before. */
interface Entry {
  ms: number;
  text: string;
  words: WordTiming[] | null;
  /** The words' marks are written for the first time tag; a repeat is shifted by this much. */
  shiftMs: number;
  block: number;
  order: number;
}

function readOffset(value: string, written: string, line: number): number {
  const trimmed = value.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    throw new LyricsError(
      `The offset ${written} is not a whole number of milliseconds, like [offset:+250].`,
      line,
    );
  }
  return Number(trimmed);
}

/** Reads an LRC file; throws LyricsError naming the file's line when it cannot. */
export function parseLrc(text: string): Lyrics {
  const fileLines = lyricsFileLines(text);
  const entries: Entry[] = [];
  let sungLines = 0;
  let offsetMs = 0;
  let sawTime = false;
  let block = 0;
  let blockHasLines = false;
  /** The labels written above each block's lines. */
  const blockLabels = new Map<number, string[]>();
  fileLines.forEach((raw, index) => {
    const fileLine = index + 1;
    const trimmed = raw.trim();
    const label = SECTION_LABEL.exec(trimmed);
    if (trimmed === '' || label) {
      if (blockHasLines) block++;
      blockHasLines = false;
      if (label) {
        // Added to the block's list, not copied into a new one: a file of labels stays linear.
        const labels = blockLabels.get(block);
        if (labels) labels.push(label[1]!);
        else blockLabels.set(block, [label[1]!]);
      }
      return;
    }
    const times: number[] = [];
    let tagsEnd = 0;
    TIME_TAG.lastIndex = 0;
    for (let tag = TIME_TAG.exec(trimmed); tag !== null; tag = TIME_TAG.exec(trimmed)) {
      times.push(lrcMs(tag, fileLine));
      tagsEnd = TIME_TAG.lastIndex;
    }
    const rest = trimmed.slice(tagsEnd);
    const firstMs = times[0];
    if (firstMs === undefined) {
      const metadata = METADATA_TAG.exec(trimmed);
      if (metadata !== null && !/^\[\d/.test(trimmed)) {
        if (metadata[1]?.toLowerCase() === 'offset') {
          offsetMs = readOffset(metadata[2] ?? '', trimmed, fileLine);
        }
        return;
      }
      if (trimmed.startsWith('#')) return;
      const tag = /^\[[^\]]*\]/.exec(trimmed);
      if (tag !== null) {
        throw new LyricsError(
          `The time tag ${tag[0]} is not a time like [01:23.45] (minutes, seconds, hundredths).`,
          fileLine,
        );
      }
      throw new LyricsError(
        'This line has no time tag: in an LRC file each line starts with its time, like [01:23.45].',
        fileLine,
      );
    }
    sawTime = true;
    const segments = splitAtMarks(rest, WORD_MARK, (mark) => lrcMs(mark, fileLine), fileLine);
    const line = wordsFromSegments(segments, firstMs, null);
    for (const ms of times) {
      if (line.text !== '') {
        sungLines++;
        checkLineCount(sungLines, fileLine);
        blockHasLines = true;
      }
      entries.push({
        ms,
        text: line.text,
        words: line.words,
        shiftMs: ms - firstMs,
        block,
        order: entries.length,
      });
    }
  });
  if (!sawTime) {
    throw new LyricsError(
      'There is no time tag like [01:23.45] in this file, so it is not timed lyrics (LRC).',
    );
  }
  // In time order; an end (a tag with no text) goes before a line starting at the same moment.
  entries.sort(
    (a, b) => a.ms - b.ms || Number(a.text !== '') - Number(b.text !== '') || a.order - b.order,
  );
  const lines: LyricLine[] = [];
  let section = 0;
  let previousBlock: number | null = null;
  for (const entry of entries) {
    const startMs = Math.max(0, entry.ms - offsetMs);
    const last = lines[lines.length - 1];
    if (entry.text === '') {
      if (last !== undefined && last.endSeconds === null) last.endSeconds = fromMs(startMs);
      continue;
    }
    const startsSection = entry.block !== previousBlock;
    if (previousBlock !== null && startsSection) section++;
    previousBlock = entry.block;
    const sectionLabel = startsSection ? joinLabels(blockLabels.get(entry.block) ?? []) : undefined;
    lines.push({
      text: entry.text,
      startSeconds: fromMs(startMs),
      endSeconds: null,
      words: entry.words === null ? null : wordsInSeconds(entry.words, entry.shiftMs - offsetMs),
      section,
      ...(sectionLabel ? { sectionLabel } : {}),
    });
  }
  if (lines.length === 0) throw new LyricsError('There are no lyrics in this file, only times.');
  return { lines, language: null };
}
