import { describe, expect, it } from 'vitest';
import { parseVtt } from '../../../../core/lyrics';
import { refusal } from './refusal';
import { VTT_KARAOKE } from './song-files';

describe('parseVtt', () => {
  it('reads cues with karaoke timestamps as word times, and the Language header', () => {
    const lyrics = parseVtt(VTT_KARAOKE);
    expect(lyrics.language).toBe('en');
    expect(lyrics.lines).toEqual([
      {
        text: 'Carry the lantern home',
        startSeconds: 4,
        endSeconds: 7.5,
        words: [
          { text: 'Carry', startSeconds: 4, endSeconds: null },
          { text: 'the', startSeconds: 4.6, endSeconds: null },
          { text: 'lantern', startSeconds: 4.9, endSeconds: null },
          { text: 'home', startSeconds: 5.8, endSeconds: null },
        ],
        section: 0,
      },
      {
        // mm:ss.mmm times; tags gone, entities decoded, the two text lines joined with a space.
        text: 'Through the rain and through the dark & cold',
        startSeconds: 8,
        endSeconds: 11.25,
        words: [
          { text: 'Through the rain and', startSeconds: 8, endSeconds: null },
          { text: 'through the dark & cold', startSeconds: 9.5, endSeconds: null },
        ],
        section: 0,
      },
      {
        // The ruby reading (<rt>) is not sung text; the last timestamp ends the last word.
        text: '灯をともして',
        startSeconds: 12,
        endSeconds: 15,
        words: [
          { text: '灯を', startSeconds: 12, endSeconds: null },
          { text: 'ともして', startSeconds: 13, endSeconds: 14.5 },
        ],
        section: 0,
      },
    ]);
  });

  it('reads plain cues without word times', () => {
    const lyrics = parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nهلا\n');
    expect(lyrics).toEqual({
      lines: [{ text: 'هلا', startSeconds: 1, endSeconds: 2, words: null, section: 0 }],
      language: null,
    });
  });

  it('refuses a file that does not start with WEBVTT', () => {
    expect(refusal(() => parseVtt('00:01.000 --> 00:02.000\nhi\n'))).toEqual({
      line: 1,
      message: 'Line 1: A WebVTT file starts with the line WEBVTT.',
    });
  });

  it('refuses a file without any cue', () => {
    expect(refusal(() => parseVtt('WEBVTT\n\nNOTE nothing yet\n'))).toEqual({
      line: null,
      message:
        'There is no cue time like 00:01:02.500 --> 00:01:05.000 in this file, so it has no timed lyrics.',
    });
  });

  it('refuses a cue name without times after it', () => {
    expect(refusal(() => parseVtt('WEBVTT\n\nchorus\nla la la\n')).line).toBe(4);
  });

  it('refuses times out of range, ends before starts and overlaps, at the time line', () => {
    expect(refusal(() => parseVtt('WEBVTT\n\n00:01.000 --> 00:72.000\na\n'))).toEqual({
      line: 3,
      message: 'Line 3: The time 00:72.000 has 72 seconds: at most 59.',
    });
    expect(refusal(() => parseVtt('WEBVTT\n\nx\n00:03.000 --> 00:02.000\na\n')).line).toBe(4);
    const overlap = 'WEBVTT\n\n00:01.000 --> 00:04.000\na\n\n00:03.000 --> 00:05.000\nb\n';
    expect(refusal(() => parseVtt(overlap))).toEqual({
      line: 6,
      message:
        'Line 6: This cue starts at 00:00:03.000, before the cue above it ends (00:00:04.000): cues must not overlap.',
    });
  });

  it('refuses karaoke timestamps outside the cue or going back, on their own line', () => {
    const after = 'WEBVTT\n\n00:01.000 --> 00:02.000\nla\n<00:00:02.500>la\n';
    expect(refusal(() => parseVtt(after))).toEqual({
      line: 5,
      message: 'Line 5: The word time <00:00:02.500> is after the cue ends.',
    });
    const back = 'WEBVTT\n\n00:01.000 --> 00:03.000\nla <00:00:01.800>la <00:00:01.200>la\n';
    expect(refusal(() => parseVtt(back)).message).toMatch(/goes back/);
  });
});
