// Reading a lyrics file costs time in proportion to its size, whatever the file holds (issue 35:
// a 160 KB .txt of blank lines took a minute to detect and another to parse, in the browser and
// the CLI), and a file over the limit is refused before anything reads it.
//
// No wall time is asserted: each file is read at two sizes, 16 times apart, and the larger must
// cost less than 64 times the smaller. Reading in linear time gives about 16 (the memory a larger
// file fills can make it 30); in the square of the size, 256. Each cost is the fastest of many
// reads, so another process or a garbage collection on this machine cannot tip it.
import { describe, expect, it } from 'vitest';
import { LYRICS_MAX_BYTES, LyricsError, parseLyrics } from '../../../../core/lyrics';
import { refusal } from './refusal';

const SMALL = 2 * 1024;
const FACTOR = 16;
/** Halfway (geometrically) between linear reading's 16 and quadratic reading's 256. */
const LINEAR_AT_MOST = 64;

/** `unit` repeated to `size` characters (a whole number of units), then `tail`. */
const repeated = (unit: string, size: number, tail = '') =>
  unit.repeat(Math.floor(size / unit.length)) + tail;

const CUE = '00:00:01,000 --> 00:00:02,000\n';
const VTT_CUE = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n';

/** Files that took time in the square of their size: a name (null: by content), and its text. */
const PATHOLOGICAL: { shape: string; name: string | null; text: (size: number) => string }[] = [
  { shape: 'blank lines in a .txt', name: 'lyrics.txt', text: (n) => repeated('\n', n, 'la') },
  { shape: 'blank lines, no name', name: null, text: (n) => repeated('\n', n) },
  { shape: 'lines of spaces and tabs', name: null, text: (n) => repeated(' \t \r\n', n, 'la') },
  { shape: 'one long line of words', name: 'lyrics.txt', text: (n) => repeated('la ', n) },
  { shape: 'one long line of digits', name: null, text: (n) => repeated('1', n) },
  { shape: 'a digits line each', name: null, text: (n) => repeated('12345678:1\n', n) },
  { shape: 'blank lines after a time', name: null, text: (n) => repeated('00:01.5\n\n\n', n) },
  { shape: 'LRC: time tags on one line', name: null, text: (n) => repeated('[00:01.00]', n) },
  { shape: 'LRC: a time tag a line', name: null, text: (n) => repeated('[00:01.00]\n', n) },
  {
    shape: 'LRC: many time tags before words',
    name: 'song.lrc',
    text: (n) => `${repeated('[00:01.00]', n / 2)}${repeated('<00:01.00>a', n / 2)}`,
  },
  {
    shape: 'LRC: word marks',
    name: 'song.lrc',
    text: (n) => `[00:01.00]${repeated('<00:01.00>a ', n)}`,
  },
  {
    shape: 'LRC: section labels',
    name: 'song.lrc',
    text: (n) => `[00:01.00]la\n${repeated('[Chorus]\n', n)}`,
  },
  { shape: 'SRT: cue times alone', name: null, text: (n) => repeated(`${CUE}\n`, n) },
  { shape: 'SRT: blank lines', name: 'song.srt', text: (n) => `${CUE}la${repeated('\n', n)}` },
  { shape: 'SRT: unclosed tags', name: 'song.srt', text: (n) => CUE + repeated('<i ', n) },
  { shape: 'SRT: unclosed overrides', name: 'song.srt', text: (n) => CUE + repeated('{\\', n) },
  { shape: 'WebVTT: unclosed tags', name: null, text: (n) => VTT_CUE + repeated('<c', n) },
  { shape: 'WebVTT: unclosed readings', name: null, text: (n) => VTT_CUE + repeated('<rt>', n) },
  {
    shape: 'WebVTT: karaoke marks',
    name: null,
    text: (n) => VTT_CUE + repeated('<00:00:01.500>a', n),
  },
  { shape: 'WebVTT: entities', name: null, text: (n) => VTT_CUE + repeated('&amp', n) },
];

/** Reads a file as the app and the CLI do; a refusal is an answer too (its cost is measured). */
function read(name: string | null, text: string): void {
  try {
    parseLyrics(name, text);
  } catch (error) {
    if (!(error instanceof LyricsError)) throw error;
  }
}

/** Milliseconds `work` took this time. */
function timed(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/**
 * How many times `larger` costs `smaller`: each the fastest of many reads (at least 5 each, and
 * 300 ms of them), taken in turns once both are compiled and warm. Another process taking the
 * CPU, or a collection, only ever makes a read slower, so the fastest is the read's own cost.
 */
function costRatio(larger: () => void, smaller: () => void): number {
  for (let warm = 0; warm < 3; warm++) {
    larger();
    smaller();
  }
  let bestLarger = Infinity;
  let bestSmaller = Infinity;
  const started = performance.now();
  for (let runs = 0; runs < 5 || performance.now() - started < 300; runs++) {
    bestLarger = Math.min(bestLarger, timed(larger));
    bestSmaller = Math.min(bestSmaller, timed(smaller));
  }
  return bestLarger / bestSmaller;
}

describe('reading a lyrics file', () => {
  it.each(PATHOLOGICAL)(
    'costs time in proportion to its size: $shape',
    ({ name, text }) => {
      const small = text(SMALL);
      const large = text(SMALL * FACTOR);
      expect(large.length).toBeLessThanOrEqual(LYRICS_MAX_BYTES);
      const ratio = costRatio(
        () => read(name, large),
        () => read(name, small),
      );
      expect(ratio).toBeLessThan(LINEAR_AT_MOST);
    },
    // Quadratic reading (before the fix) takes seconds here; linear reading, milliseconds.
    180_000,
  );

  it('refuses a file over the limit before reading it, with the size message', () => {
    const tooLarge = {
      line: null,
      message: 'This file is larger than 512 KB, the most a lyrics file can be.',
    };
    for (const { name, text } of PATHOLOGICAL) {
      const over = text(LYRICS_MAX_BYTES + 1024);
      expect(over.length).toBeGreaterThan(LYRICS_MAX_BYTES);
      expect(refusal(() => parseLyrics(name, over))).toEqual(tooLarge);
      // Refused by its length: a file ten times larger costs no more to refuse.
      const tenTimes = text(10 * LYRICS_MAX_BYTES);
      const ratio = costRatio(
        () => read(name, tenTimes),
        () => read(name, over),
      );
      expect(ratio).toBeLessThan(3);
    }
  });
});
