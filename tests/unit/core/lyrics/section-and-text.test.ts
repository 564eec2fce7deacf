// The lyrics of a hook clip in the clip's own time (its caption track), and lyrics as text for a
// video's description.
import { describe, expect, test } from 'vitest';
import { lyricsOfSection, toPlainText, type Lyrics } from '../../../../core/lyrics';

const line = (text: string, startSeconds: number | null, section = 0) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section,
});

const SONG: Lyrics = {
  language: 'en',
  lines: [
    line('Headlights on the water', 10),
    line('We drive until the morning', 14),
    line('Night drive, night drive', 20, 1),
    line('Never tapped', null, 1),
    line('Take me home', 40, 2),
  ],
};

describe('lyricsOfSection', () => {
  test('shifts lines into the clip, cuts the ones it cuts, and leaves out the rest', () => {
    const clip = lyricsOfSection(SONG, { startSeconds: 12, endSeconds: 24 });
    expect(clip.language).toBe('en');
    expect(clip.lines.map((l) => [l.text, l.startSeconds, l.endSeconds])).toEqual([
      // On screen 10–14: the clip starts 2 s into it.
      ['Headlights on the water', 0, 2],
      ['We drive until the morning', 2, 8],
      // On screen from 20 for up to 8 s: cut at the clip's end.
      ['Night drive, night drive', 8, 12],
    ]);
  });

  test('a line the clip barely touches is not a caption; no section is the whole track', () => {
    const clip = lyricsOfSection(SONG, { startSeconds: 13.95, endSeconds: 19 });
    expect(clip.lines.map((l) => l.text)).toEqual(['We drive until the morning']);
    expect(lyricsOfSection(SONG, null)).toBe(SONG);
  });

  test('words are shifted with their line; words outside the clip are dropped', () => {
    const timed: Lyrics = {
      language: null,
      lines: [
        {
          ...line('one two three', 5),
          endSeconds: 8,
          words: [
            { text: 'one', startSeconds: 5, endSeconds: 6 },
            { text: 'two', startSeconds: 6, endSeconds: 7 },
            { text: 'three', startSeconds: 7, endSeconds: null },
          ],
        },
      ],
    };
    const clip = lyricsOfSection(timed, { startSeconds: 6.5, endSeconds: 10 });
    expect(clip.lines[0]!.words).toEqual([
      { text: 'two', startSeconds: 0, endSeconds: 0.5 },
      { text: 'three', startSeconds: 0.5, endSeconds: null },
    ]);
  });
});

describe('toPlainText', () => {
  test('one line per sung line, a blank line between sections, no times', () => {
    expect(toPlainText(SONG)).toBe(
      'Headlights on the water\nWe drive until the morning\n\nNight drive, night drive\nNever tapped\n\nTake me home',
    );
    expect(toPlainText({ language: null, lines: [] })).toBe('');
  });
});
