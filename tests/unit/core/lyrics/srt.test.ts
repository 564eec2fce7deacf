import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../../../core/lyrics';
import { refusal } from './refusal';
import { SRT_ARABIC } from './song-files';

const cue = (start: string, end: string, text: string) => `${start} --> ${end}\n${text}\n`;

describe('parseSrt', () => {
  it('reads each cue as one line, its text lines joined with a space, tags dropped', () => {
    const lyrics = parseSrt(SRT_ARABIC);
    expect(lyrics.lines).toEqual([
      {
        text: 'يا ليل طوّل شويّة خلّي القمر يسهر معي',
        startSeconds: 3.2,
        endSeconds: 6.8,
        words: null,
        section: 0,
      },
      // The next cue starts 5 ms before this one ends: within the tolerance, this one ends there.
      { text: 'والبحر يحكي حكاية', startSeconds: 7, endSeconds: 10.495, words: null, section: 0 },
      { text: 'عن قلب ما نسي', startSeconds: 10.495, endSeconds: 14, words: null, section: 0 },
      { text: 'يا ليل... يا ليل', startSeconds: 62.04, endSeconds: 65.96, words: null, section: 0 },
    ]);
  });

  it('reads cues without numbers, hours past 9, and skips cues without text', () => {
    const text = `${cue('00:00:01,000', '00:00:02,000', '')}\n${cue('10:00:00,500', '10:00:01,000', 'late')}`;
    expect(parseSrt(text).lines.map((line) => [line.text, line.startSeconds])).toEqual([
      ['late', 36000.5],
    ]);
  });

  it('refuses a file without cue times', () => {
    expect(refusal(() => parseSrt('1\nHello\n\n2\nWorld\n'))).toEqual({
      line: null,
      message:
        'There is no cue time like 00:01:02,500 --> 00:01:05,000 in this file, so it is not subtitles (SRT).',
    });
  });

  it('refuses a cue that ends before it starts, at its time line', () => {
    const text = `1\n${cue('00:00:01,000', '00:00:02,000', 'a')}\n2\n${cue('00:00:05,000', '00:00:04,000', 'b')}`;
    expect(refusal(() => parseSrt(text))).toEqual({
      line: 6,
      message: 'Line 6: This cue ends (00:00:04,000) before it starts (00:00:05,000).',
    });
    expect(refusal(() => parseSrt(cue('00:00:05,000', '00:00:05,000', 'b'))).message).toMatch(
      /ends when it starts/,
    );
  });

  it('refuses overlapping cues beyond 10 ms, and cues out of order', () => {
    const overlap = `1\n${cue('00:00:01,000', '00:00:03,000', 'a')}\n2\n${cue('00:00:02,989', '00:00:04,000', 'b')}`;
    expect(refusal(() => parseSrt(overlap))).toEqual({
      line: 6,
      message:
        'Line 6: This cue starts at 00:00:02,989, before the cue above it ends (00:00:03,000): cues must not overlap.',
    });
    const within = overlap.replace('00:00:02,989', '00:00:02,990');
    expect(parseSrt(within).lines[0]?.endSeconds).toBe(2.99);
    const backwards = `${cue('00:00:05,000', '00:00:06,000', 'a')}\n${cue('00:00:01,000', '00:00:02,000', 'b')}`;
    expect(refusal(() => parseSrt(backwards)).line).toBe(4);
  });

  it('refuses bad times: minutes or seconds out of range, a wrong form', () => {
    expect(refusal(() => parseSrt(cue('00:61:00,000', '00:62:00,000', 'a')))).toEqual({
      line: 1,
      message: 'Line 1: The time 00:61:00,000 has 61 minutes: at most 59.',
    });
    expect(refusal(() => parseSrt(cue('00:00:01,000', '00:00:60,000', 'a'))).message).toBe(
      'Line 1: The time 00:00:60,000 has 60 seconds: at most 59.',
    );
    expect(refusal(() => parseSrt(`1\n00:00:01 --> 00:00:02\na\n`))).toEqual({
      line: 2,
      message:
        'Line 2: The cue time "00:00:01 --> 00:00:02" is not in the form 00:01:02,500 --> 00:01:05,000 (hours:minutes:seconds, milliseconds).',
    });
  });

  it('refuses text outside a cue, at its line', () => {
    const text = `1\n${cue('00:00:01,000', '00:00:02,000', 'a')}\nstray words\n`;
    expect(refusal(() => parseSrt(text)).line).toBe(5);
  });
});
