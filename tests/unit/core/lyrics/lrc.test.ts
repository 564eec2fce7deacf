import { describe, expect, it } from 'vitest';
import { parseLrc } from '../../../../core/lyrics';
import { refusal } from './refusal';
import { LRC_JAPANESE_ENHANCED, LRC_SPANISH } from './song-files';

describe('parseLrc', () => {
  it('reads a song: offset applied, repeated chorus at each of its times, ends, sections', () => {
    const lyrics = parseLrc(LRC_SPANISH);
    expect(lyrics.language).toBeNull();
    // [offset:+200] shows every line 200 ms sooner.
    expect(
      lyrics.lines.map((line) => [line.startSeconds, line.endSeconds, line.section, line.text]),
    ).toEqual([
      [12.2, null, 0, 'Caminé por la orilla del río'],
      [16.7, null, 0, 'Con tu nombre escrito en la mano'],
      [21, null, 1, 'Corazón de papel, no te mojes'],
      [25.6, 29.95, 1, 'Que la lluvia no sabe de amor'],
      [39.8, null, 2, 'La noche me dijo tu canción'],
      [44.35, null, 2, 'Y la luna se quedó callada'],
      [65, null, 3, 'Corazón de papel, no te mojes'],
      [69.6, 73.8, 3, 'Que la lluvia no sabe de amor'],
      [99.8, null, 4, 'Y si el viento me lleva lejos'],
      [104.3, null, 4, 'Guardaré tu nombre en la voz'],
      [150.5, null, 5, 'Corazón de papel, no te mojes'],
      [155.1, 169.8, 5, 'Que la lluvia no sabe de amor'],
    ]);
    expect(lyrics.lines.every((line) => line.words === null)).toBe(true);
  });

  it('reads enhanced LRC word times, with the end mark of the last word', () => {
    const lyrics = parseLrc(LRC_JAPANESE_ENHANCED);
    expect(lyrics.lines.map((line) => line.text)).toEqual([
      '夜明けの 空に 歌えば',
      '君の 声が 聞こえる',
      '愛してる',
    ]);
    expect(lyrics.lines[0]?.words).toEqual([
      { text: '夜明けの', startSeconds: 5, endSeconds: null },
      { text: '空に', startSeconds: 6.2, endSeconds: null },
      { text: '歌えば', startSeconds: 7.1, endSeconds: 8.9 },
    ]);
    expect(lyrics.lines[1]?.words?.map((word) => word.startSeconds)).toEqual([9.5, 10.25, 11]);
    expect(lyrics.lines[2]).toEqual({
      text: '愛してる',
      startSeconds: 13,
      endSeconds: null,
      words: [
        { text: '愛', startSeconds: 13.4, endSeconds: null },
        { text: 'し', startSeconds: 13.9, endSeconds: null },
        { text: 'て', startSeconds: 14.3, endSeconds: null },
        { text: 'る', startSeconds: 14.8, endSeconds: null },
      ],
      section: 0,
    });
  });

  it('accepts [mm:ss], [mm:ss.x], [mm:ss.xxx], [mm:ss:xx] and minutes past 59', () => {
    const lyrics = parseLrc('[00:01]a\n[00:02.5]b\n[00:03.125]c\n[00:04:50]d\n[75:00.00]e\n');
    expect(lyrics.lines.map((line) => line.startSeconds)).toEqual([1, 2.5, 3.125, 4.5, 4500]);
  });

  it('sorts lines by time, an end tag before a line starting at the same moment', () => {
    const lyrics = parseLrc('[00:20.00]third\n[00:05.00]first\n[00:10.00]\n[00:10.00]second\n');
    expect(lyrics.lines.map((line) => [line.text, line.startSeconds, line.endSeconds])).toEqual([
      ['first', 5, 10],
      ['second', 10, null],
      ['third', 20, null],
    ]);
  });

  it('ends the line before, not the one starting with it, wherever the end tag is written', () => {
    const lyrics = parseLrc('[00:10.00]second\n[00:05.00]first\n[00:10.00]\n');
    expect(lyrics.lines.map((line) => [line.text, line.endSeconds])).toEqual([
      ['first', 10],
      ['second', null],
    ]);
  });

  it('moves the word times of a repeated line with it', () => {
    const lyrics = parseLrc('[00:10.00][01:10.00]<00:10.00>Oh <00:10.50>no\n');
    expect(lyrics.lines.map((line) => line.words?.map((word) => word.startSeconds))).toEqual([
      [10, 10.5],
      [70, 70.5],
    ]);
  });

  it('takes a negative offset as later, and never goes below zero', () => {
    expect(parseLrc('[offset:-1500]\n[00:01.00]a').lines[0]?.startSeconds).toBe(2.5);
    expect(parseLrc('[offset:+1500]\n[00:01.00]a').lines[0]?.startSeconds).toBe(0);
  });

  it('keeps a mark alone between words as the end of the word before', () => {
    const lyrics = parseLrc('[00:01.00]<00:01.00>Hey<00:01.40> <00:02.00>you');
    expect(lyrics.lines[0]?.words).toEqual([
      { text: 'Hey', startSeconds: 1, endSeconds: 1.4 },
      { text: 'you', startSeconds: 2, endSeconds: null },
    ]);
    expect(lyrics.lines[0]?.text).toBe('Hey you');
  });

  it('refuses a file without a single time tag', () => {
    expect(refusal(() => parseLrc('[ti:Song]\n[ar:Someone]\n'))).toEqual({
      line: null,
      message:
        'There is no time tag like [01:23.45] in this file, so it is not timed lyrics (LRC).',
    });
  });

  it('refuses a sung line without a time tag, at its line', () => {
    expect(refusal(() => parseLrc('[00:01.00]one\n\nfree text\n[00:03.00]three'))).toEqual({
      line: 3,
      message:
        'Line 3: This line has no time tag: in an LRC file each line starts with its time, like [01:23.45].',
    });
  });

  it('refuses seconds out of range and tags that are not times', () => {
    expect(refusal(() => parseLrc('[00:01.00]a\n[01:75.00]b'))).toEqual({
      line: 2,
      message: 'Line 2: The time [01:75.00] has 75 seconds: at most 59.',
    });
    expect(refusal(() => parseLrc('[00:01.00]a\n[ti:x]\n[01:2x.00]b')).line).toBe(3);
    expect(refusal(() => parseLrc('[00:01.00]a <00:99.00>b')).message).toBe(
      'Line 1: The time <00:99.00> has 99 seconds: at most 59.',
    );
  });

  it('refuses an offset that is not milliseconds', () => {
    expect(refusal(() => parseLrc('[ti:x]\n[offset:soon]\n[00:01.00]a'))).toMatchObject({
      line: 2,
    });
  });

  it('refuses word times going back, or before their line', () => {
    expect(refusal(() => parseLrc('[00:01.00]a\n[00:05.00]<00:05.50>b <00:05.20>c'))).toEqual({
      line: 2,
      message: 'Line 2: The word time <00:05.20> goes back before the word ahead of it.',
    });
    expect(refusal(() => parseLrc('[00:05.00]<00:04.00>b')).message).toBe(
      'Line 1: The word time <00:04.00> is before the line starts.',
    );
  });

  it('refuses a file of times only', () => {
    expect(refusal(() => parseLrc('[00:01.00]\n[00:02.00]'))).toEqual({
      line: null,
      message: 'There are no lyrics in this file, only times.',
    });
  });

  it('counts a repeated line once for each of its times against the line limit', () => {
    const tags = Array.from(
      { length: 2001 },
      (_, i) =>
        `[${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.00]`,
    );
    expect(refusal(() => parseLrc(`[ti:x]\n${tags.join('')}la`)).line).toBe(2);
  });
});
