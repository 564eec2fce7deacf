import { describe, expect, it } from 'vitest';
import {
  parseLrc,
  parsePlainText,
  parseSrt,
  parseVtt,
  toLrc,
  toSrt,
  toVtt,
  type LyricLine,
  type Lyrics,
} from '../../../../core/lyrics';
import { refusal } from './refusal';
import { LRC_JAPANESE_ENHANCED, LRC_SPANISH, SRT_ARABIC, VTT_KARAOKE } from './song-files';

const line = (text: string, startSeconds: number | null, more: Partial<LyricLine> = {}) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section: 0,
  ...more,
});

/** Times to the millisecond that hundredths cannot write, words with ends in the middle. */
const TAPPED: Lyrics = {
  language: null,
  lines: [
    line('Sous la pluie d’été', 12.347, {
      words: [
        { text: 'Sous', startSeconds: 12.347, endSeconds: null },
        { text: 'la', startSeconds: 12.901, endSeconds: 13.0 },
        { text: 'pluie', startSeconds: 13.25, endSeconds: null },
        { text: 'd’été', startSeconds: 13.8, endSeconds: 14.999 },
      ],
    }),
    line('je marche à l’envers', 15.001, { endSeconds: 18.5 }),
    line('Oh, Léa', 18.5, { section: 1, endSeconds: 20 }),
    line('où es-tu ?', 125.07, { section: 1 }),
  ],
};

describe('round trips: what is written reads back the same, to the millisecond', () => {
  it('LRC, from a file with offsets and repeats', () => {
    const lyrics = parseLrc(LRC_SPANISH);
    expect(parseLrc(toLrc(lyrics))).toEqual(lyrics);
  });

  it('enhanced LRC keeps word times and the text between words (no spaces added in Japanese)', () => {
    const lyrics = parseLrc(LRC_JAPANESE_ENHANCED);
    const written = toLrc(lyrics, { enhanced: true, title: '夜明けの歌', artist: 'ミナト' });
    expect(written).toContain('[00:13.00]<00:13.40>愛<00:13.90>し<00:14.30>て<00:14.80>る\n');
    expect(written).toContain(
      '[00:05.00]<00:05.00>夜明けの <00:06.20>空に <00:07.10>歌えば<00:08.90>\n',
    );
    expect(parseLrc(written)).toEqual(lyrics);
  });

  it('LRC and enhanced LRC of millisecond times, word ends and line ends', () => {
    expect(parseLrc(toLrc(TAPPED, { enhanced: true }))).toEqual(TAPPED);
    const withoutWords = { ...TAPPED, lines: TAPPED.lines.map((l) => ({ ...l, words: null })) };
    expect(parseLrc(toLrc(TAPPED))).toEqual(withoutWords);
  });

  it('SRT', () => {
    const lyrics = parseSrt(SRT_ARABIC);
    expect(parseSrt(toSrt(lyrics))).toEqual(lyrics);
  });

  it('WebVTT, with word times, entities and the language', () => {
    const lyrics = parseVtt(VTT_KARAOKE);
    expect(parseVtt(toVtt(lyrics))).toEqual(lyrics);
    const tapped = { ...TAPPED, language: 'fr' };
    const back = parseVtt(toVtt(tapped));
    expect(back.language).toBe('fr');
    expect(back.lines.map((l) => l.words)).toEqual(TAPPED.lines.map((l) => l.words));
  });
});

describe('section labels', () => {
  const LABELLED = `[00:01.00]Intro line

[Verse 1]
[00:05.00]First verse line
[00:07.50]Second verse line

[Chorus: all]
[00:10.00][00:30.00]Sing it loud

[Verse 2]
[00:20.00]Back in the verse
`;

  it('are read from LRC onto the first line of their section, each time it is sung', () => {
    const lyrics = parseLrc(LABELLED.replace('[Chorus: all]', '[Chorus]'));
    expect(lyrics.lines.map((l) => [l.startSeconds, l.section, l.sectionLabel, l.text])).toEqual([
      [1, 0, undefined, 'Intro line'],
      [5, 1, 'Verse 1', 'First verse line'],
      [7.5, 1, undefined, 'Second verse line'],
      [10, 2, 'Chorus', 'Sing it loud'],
      [20, 3, 'Verse 2', 'Back in the verse'],
      [30, 4, 'Chorus', 'Sing it loud'],
    ]);
  });

  it('are kept in LRC (a colon, which LRC reads as a tag, written as a dash)', () => {
    const lyrics = parsePlainText('Intro line\n\n[Verse 1]\nFirst verse line\n\n[Chorus: all]\nLa');
    lyrics.lines.forEach((l, i) => (l.startSeconds = i * 2));
    const written = toLrc(lyrics);
    expect(written).toContain('\n\n[Verse 1]\n[00:02.00]First verse line\n\n[Chorus - all]\n');
    const read = parseLrc(written);
    expect(read.lines.map((l) => l.sectionLabel)).toEqual([undefined, 'Verse 1', 'Chorus - all']);
    expect(parseLrc(toLrc(read))).toEqual(read);
  });

  it('are left out of captions, which show only what is sung', () => {
    const lyrics = parseLrc(LABELLED.replace('[Chorus: all]', '[Chorus]'));
    for (const captions of [toSrt(lyrics), toVtt(lyrics)]) {
      expect(captions).toContain('First verse line');
      expect(captions).not.toMatch(/Verse|Chorus/);
    }
  });
});

describe('every writer', () => {
  it('writes a line broken in the editor on one line of the file', () => {
    const broken: Lyrics = { language: 'not a language\n', lines: [line('Oh,\nLéa', 1)] };
    const expected = [line('Oh, Léa', 1)];
    expect(parseLrc(toLrc(broken)).lines).toEqual(expected);
    const brokenWords = {
      ...broken,
      lines: [
        line('Oh,\nLéa', 1, {
          words: [
            { text: 'Oh,', startSeconds: 1, endSeconds: null },
            { text: 'Léa', startSeconds: 1.5, endSeconds: null },
          ],
        }),
      ],
    };
    expect(toLrc(brokenWords, { enhanced: true })).toContain(
      '[00:01.00]<00:01.00>Oh, <00:01.50>Léa\n',
    );
    expect(parseSrt(toSrt(broken)).lines).toEqual([{ ...expected[0], endSeconds: 9 }]);
    expect(parseVtt(toVtt(broken))).toEqual({
      language: null,
      lines: [{ ...expected[0], endSeconds: 9 }],
    });
  });
});

describe('toLrc', () => {
  it('writes the tags, a blank line between sections, and ends that come before the next line', () => {
    expect(toLrc(TAPPED, { title: 'Léa [live]', artist: 'Les Faroles' })).toBe(
      [
        '[ti:Léa (live)]',
        '[ar:Les Faroles]',
        '[re:Waveframe]',
        '',
        '[00:12.347]Sous la pluie d’été',
        '[00:15.001]je marche à l’envers',
        '[00:18.50]',
        '',
        '[00:18.50]Oh, Léa',
        '[00:20.00]',
        '[02:05.07]où es-tu ?',
        '',
      ].join('\n'),
    );
  });

  it('refuses untimed lines, naming them', () => {
    const lyrics = parsePlainText('Oh, Léa\nwhere are you');
    expect(refusal(() => toLrc(lyrics))).toEqual({
      line: null,
      message: 'Line 1 ("Oh, Léa") is not timed yet: time every line before saving as LRC.',
    });
  });
});

describe('toSrt', () => {
  it('ends a cue at its end, else at the next start, else 8 s after it starts; never overlapping', () => {
    const lyrics: Lyrics = {
      language: null,
      lines: [
        line('first', 1, { endSeconds: 3 }),
        line('second', 4),
        line('third', 6, { endSeconds: 9 }), // ends after the next starts
        line('fourth', 7.5),
        line('after a long break', 30),
        line('last', 40.25),
      ],
    };
    expect(toSrt(lyrics)).toBe(
      [
        '1\n00:00:01,000 --> 00:00:03,000\nfirst\n',
        '2\n00:00:04,000 --> 00:00:06,000\nsecond\n',
        '3\n00:00:06,000 --> 00:00:07,500\nthird\n',
        '4\n00:00:07,500 --> 00:00:15,500\nfourth\n',
        '5\n00:00:30,000 --> 00:00:38,000\nafter a long break\n',
        '6\n00:00:40,250 --> 00:00:48,250\nlast\n',
      ].join('\n'),
    );
    // What it writes is a valid file for parseSrt (no overlap, no empty cue).
    expect(parseSrt(toSrt(lyrics)).lines).toHaveLength(6);
  });

  it('refuses untimed lines, two lines at once, and lines out of order', () => {
    const untimed: Lyrics = { language: null, lines: [line('a', 1), line('b', null)] };
    expect(refusal(() => toSrt(untimed)).message).toBe(
      'Line 2 ("b") is not timed yet: time every line before saving as SRT.',
    );
    const together: Lyrics = { language: null, lines: [line('a', 1), line('b', 1)] };
    expect(refusal(() => toSrt(together)).message).toBe(
      'Lines 1 and 2 start at the same moment: SRT shows one line at a time.',
    );
    const endsEarly: Lyrics = { language: null, lines: [line('a', 5, { endSeconds: 4 })] };
    expect(refusal(() => toSrt(endsEarly)).message).toBe('Line 1 ("a") ends before it starts.');
    const backwards: Lyrics = { language: null, lines: [line('a', 2), line('b', 1)] };
    expect(refusal(() => toVtt(backwards)).message).toBe(
      'Line 2 starts before line 1: lines must be in time order.',
    );
  });
});

describe('toVtt', () => {
  it('writes the header, cue times with a point, escaped text and karaoke timestamps', () => {
    const lyrics: Lyrics = {
      language: 'ja',
      lines: [
        line('Tom & Jerry <3', 61.5, {
          words: [
            { text: 'Tom', startSeconds: 61.5, endSeconds: null },
            { text: '& Jerry <3', startSeconds: 62, endSeconds: null },
          ],
        }),
      ],
    };
    expect(toVtt(lyrics)).toBe(
      'WEBVTT\nLanguage: ja\n\n00:01:01.500 --> 00:01:09.500\nTom <00:01:02.000>&amp; Jerry &lt;3\n',
    );
  });
});
