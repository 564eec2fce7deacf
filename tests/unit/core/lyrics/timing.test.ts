import { describe, expect, it } from 'vitest';
import {
  LINE_MAX_SHOW_SECONDS,
  lineAt,
  lineEnd,
  parseLrc,
  snapToBeat,
  spreadWords,
  syllableCount,
  wordAt,
  type LyricLine,
  type Lyrics,
} from '../../../../core/lyrics';

const line = (text: string, startSeconds: number | null, more: Partial<LyricLine> = {}) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section: 0,
  ...more,
});

describe('snapToBeat', () => {
  const beats = [0.5, 1.0, 1.5, 2.0, 2.5];

  it('moves a time to the nearest beat, the earlier one on a tie', () => {
    expect(snapToBeat(1.2, beats)).toBe(1.0);
    expect(snapToBeat(1.3, beats)).toBe(1.5);
    expect(snapToBeat(1.25, beats)).toBe(1.0);
    expect(snapToBeat(1.5, beats)).toBe(1.5);
  });

  it('uses the first or last beat outside the grid, and leaves the time alone without one', () => {
    expect(snapToBeat(0, beats)).toBe(0.5);
    expect(snapToBeat(99, beats)).toBe(2.5);
    expect(snapToBeat(3.21, [])).toBe(3.21);
  });

  it('finds the nearest beat of a long grid', () => {
    const grid = Array.from({ length: 1000 }, (_, i) => i * 0.4615);
    // 200.1 s is beat 433.59: beat 434 is nearer than beat 433.
    expect(snapToBeat(200.1, grid)).toBeCloseTo(434 * 0.4615, 10);
  });
});

describe('syllableCount', () => {
  it('counts vowel groups in Latin scripts, accents set aside', () => {
    expect(syllableCount('beautiful')).toBe(3);
    expect(syllableCount('corazón')).toBe(3);
    expect(syllableCount('Léa,')).toBe(1); // "éa" is one vowel group
    expect(syllableCount('amour')).toBe(2);
    expect(syllableCount('hmm')).toBe(1);
  });

  it('counts characters in Japanese, Chinese and Korean, small kana joined', () => {
    expect(syllableCount('夜明けの')).toBe(4);
    expect(syllableCount('きょう')).toBe(2);
    expect(syllableCount('사랑해')).toBe(3);
    expect(syllableCount('爱你')).toBe(2);
  });

  it('counts one for a word in other scripts', () => {
    expect(syllableCount('حبيبي')).toBe(1);
    expect(syllableCount('любовь')).toBe(1);
    expect(syllableCount('प्यार')).toBe(1);
  });
});

describe('spreadWords', () => {
  it('shares the line between its words by syllables', () => {
    // 1 + 3 + 2 = 6 syllables over 3 s: half a second each.
    const words = spreadWords(line('Oh beautiful lantern', 10), 13);
    expect(words).toEqual([
      { text: 'Oh', startSeconds: 10, endSeconds: null },
      { text: 'beautiful', startSeconds: 10.5, endSeconds: null },
      { text: 'lantern', startSeconds: 12, endSeconds: 13 },
    ]);
  });

  it('rounds starts to the millisecond, and counts Japanese by characters', () => {
    const words = spreadWords(line('夜明けの 空に', 1), 2);
    expect(words.map((word) => word.startSeconds)).toEqual([1, 1.667]);
  });

  it('gives each Arabic word the same share', () => {
    const words = spreadWords(line('يا ليل طوّل شويّة', 0), 2);
    expect(words.map((word) => word.startSeconds)).toEqual([0, 0.5, 1, 1.5]);
  });

  it('needs a timed line that ends after it starts', () => {
    expect(() => spreadWords(line('la', null), 3)).toThrow(RangeError);
    expect(() => spreadWords(line('la', 3), 3)).toThrow(RangeError);
  });
});

describe('lineAt and lineEnd', () => {
  const lyrics: Lyrics = {
    language: null,
    lines: [
      line('intro', 2, { endSeconds: 4 }),
      line('untimed', null),
      line('one', 5),
      line('two', 6),
      line('before a break', 10),
      line('after the break', 40),
    ],
  };

  it('shows nothing before the first line, and a line from its start', () => {
    expect(lineAt(lyrics, 0)).toBe(-1);
    expect(lineAt(lyrics, 1.999)).toBe(-1);
    expect(lineAt(lyrics, 2)).toBe(0);
  });

  it('hides a line at its end, until the next one starts', () => {
    expect(lineAt(lyrics, 3.999)).toBe(0);
    expect(lineAt(lyrics, 4)).toBe(-1);
    expect(lineAt(lyrics, 5)).toBe(2);
  });

  it('shows a line without an end until the next line starts', () => {
    expect(lineEnd(lyrics, 2)).toBe(6);
    expect(lineAt(lyrics, 5.999)).toBe(2);
    expect(lineAt(lyrics, 6)).toBe(3);
  });

  it(`caps a line without an end at ${LINE_MAX_SHOW_SECONDS} s, before a break and at the end`, () => {
    expect(lineEnd(lyrics, 4)).toBe(10 + LINE_MAX_SHOW_SECONDS);
    expect(lineAt(lyrics, 17.999)).toBe(4);
    expect(lineAt(lyrics, 18)).toBe(-1);
    expect(lineAt(lyrics, 40 + LINE_MAX_SHOW_SECONDS - 0.001)).toBe(5);
    expect(lineAt(lyrics, 40 + LINE_MAX_SHOW_SECONDS)).toBe(-1);
  });

  it('never shows an untimed line', () => {
    expect(lineEnd(lyrics, 1)).toBeNull();
    expect(lineAt({ language: null, lines: [line('a', null)] }, 0)).toBe(-1);
  });

  it('lets a line that starts replace one whose end is later', () => {
    const overlapping: Lyrics = {
      language: null,
      lines: [line('long', 0, { endSeconds: 20 }), line('short', 5, { endSeconds: 6 })],
    };
    expect(lineAt(overlapping, 5.5)).toBe(1);
    expect(lineAt(overlapping, 7)).toBe(-1);
  });
});

describe('wordAt', () => {
  const lyrics = parseLrc(
    '[00:05.00]<00:05.00>夜明けの <00:06.20>空に <00:07.10>歌えば<00:08.90>\n[00:09.50]<00:09.80>君の <00:10.25>声が\n[00:20.00]plain\n',
  );

  it('gives the word being sung, each until the next starts', () => {
    expect(wordAt(lyrics, 0, 5)).toBe(0);
    expect(wordAt(lyrics, 0, 6.199)).toBe(0);
    expect(wordAt(lyrics, 0, 6.2)).toBe(1);
    expect(wordAt(lyrics, 0, 8.899)).toBe(2);
  });

  it('gives none after a word with its own end, or before the first word', () => {
    expect(wordAt(lyrics, 0, 8.9)).toBe(-1);
    expect(wordAt(lyrics, 1, 9.6)).toBe(-1);
    expect(wordAt(lyrics, 1, 9.8)).toBe(0);
  });

  it("ends the last word with the line's time on screen", () => {
    expect(lineEnd(lyrics, 1)).toBe(9.5 + LINE_MAX_SHOW_SECONDS);
    expect(wordAt(lyrics, 1, 17.499)).toBe(1);
    expect(wordAt(lyrics, 1, 17.5)).toBe(-1);
  });

  it('gives none for a line without word times, or no such line', () => {
    expect(wordAt(lyrics, 2, 20.5)).toBe(-1);
    expect(wordAt(lyrics, 9, 20.5)).toBe(-1);
  });
});
