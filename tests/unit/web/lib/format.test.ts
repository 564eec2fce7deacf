import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatFileSize,
  formatLength,
  formatSpeed,
  trackTitle,
} from '../../../../src/lib/format';

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [30, '0:30'],
    [61, '1:01'],
    [599, '9:59'],
    [754.2, '12:34'],
    [3600, '1:00:00'],
    [3 * 3600 - 1, '2:59:59'],
  ])('%f s is %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('writes a dash for an unknown length', () => {
    expect(formatDuration(null)).toBe('–:––');
    expect(formatDuration(Number.NaN)).toBe('–:––');
    expect(formatDuration(-1)).toBe('–:––');
  });
});

describe('formatLength (how long, to the nearest second)', () => {
  it.each([
    [0, '0:00'],
    [5.4, '0:05'],
    [5.9, '0:06'],
    // One MP3: 321.04 s from its tags, 320.98 s decoded. Both are 5:21, as the player says.
    [320.98, '5:21'],
    [321.04, '5:21'],
    [3599.6, '1:00:00'],
  ])('%f s is %s', (seconds, text) => expect(formatLength(seconds)).toBe(text));

  it('writes a dash for an unknown length', () => {
    expect(formatLength(null)).toBe('–:––');
    expect(formatLength(Number.NaN)).toBe('–:––');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [64_827, '63.3 KB'],
    [778_474, '760 KB'],
    [5_292_078, '5 MB'],
    [5_069_419, '4.8 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [4096 * 1024 ** 3, '4096 GB'],
  ])('%i bytes is %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));

  it('writes a dash for an unknown size', () => {
    expect(formatFileSize(null)).toBe('—');
  });
});

describe('formatSpeed', () => {
  it('writes bytes per second, and nothing before a speed is known', () => {
    expect(formatSpeed(1.4 * 1024 * 1024)).toBe('1.4 MB/s');
    expect(formatSpeed(800)).toBe('800 B/s');
    expect(formatSpeed(null)).toBe('');
    expect(formatSpeed(0)).toBe('');
  });
});

describe('trackTitle', () => {
  it('is the title, else the file name without its extension', () => {
    expect(trackTitle({ title: 'Intro (excerpt)', file_name: 'intro.mp3' })).toBe(
      'Intro (excerpt)',
    );
    expect(trackTitle({ title: null, file_name: 'intro-30s.wav' })).toBe('intro-30s');
    expect(trackTitle({ title: '  ', file_name: 'noext' })).toBe('noext');
  });
});
