import { describe, expect, it } from 'vitest';
import {
  LYRICS_MAX_BYTES,
  detectLyricsFormat,
  parseLrc,
  parseLyrics,
  parsePlainText,
  parseSrt,
  parseVtt,
} from '../../../../core/lyrics';
import { refusal } from './refusal';
import { LRC_SPANISH, PLAIN_FRENCH, SRT_ARABIC, VTT_KARAOKE } from './song-files';

describe('detectLyricsFormat', () => {
  it('trusts a known extension, whatever the case', () => {
    expect(detectLyricsFormat('Song.LRC', 'anything')).toBe('lrc');
    expect(detectLyricsFormat('captions.srt', '')).toBe('srt');
    expect(detectLyricsFormat('/music/x.final.vtt', '')).toBe('vtt');
  });

  it('reads .txt, unknown extensions and no name by content', () => {
    expect(detectLyricsFormat('lyrics.txt', PLAIN_FRENCH)).toBe('plain');
    expect(detectLyricsFormat('lyrics.txt', LRC_SPANISH)).toBe('lrc');
    expect(detectLyricsFormat(null, SRT_ARABIC)).toBe('srt');
    expect(detectLyricsFormat('song.subtitles', VTT_KARAOKE)).toBe('vtt');
    expect(detectLyricsFormat(null, '\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\nla')).toBe('vtt');
    expect(detectLyricsFormat(null, '')).toBe('plain');
  });
});

describe('parseLyrics', () => {
  it('reads each format with its parser', () => {
    expect(parseLyrics('a.txt', PLAIN_FRENCH)).toEqual(parsePlainText(PLAIN_FRENCH));
    expect(parseLyrics('a.txt', LRC_SPANISH)).toEqual(parseLrc(LRC_SPANISH));
    expect(parseLyrics('a.srt', SRT_ARABIC)).toEqual(parseSrt(SRT_ARABIC));
    expect(parseLyrics(null, VTT_KARAOKE)).toEqual(parseVtt(VTT_KARAOKE));
  });

  it('refuses a file named as timed lyrics that has no times', () => {
    expect(refusal(() => parseLyrics('song.lrc', PLAIN_FRENCH)).line).toBe(2);
    expect(refusal(() => parseLyrics('song.srt', PLAIN_FRENCH)).message).toMatch(
      /^There is no cue time/,
    );
  });

  it('refuses more than the size limit, counting UTF-8 bytes', () => {
    // 5 MB of text, as in the issue.
    const huge = 'la la la\n'.repeat(600_000);
    expect(refusal(() => parseLyrics('big.txt', huge))).toEqual({
      line: null,
      message: 'This file is larger than 512 KB, the most a lyrics file can be.',
    });
    // Fewer characters than the limit, but three bytes each in UTF-8.
    const japanese = '愛'.repeat(Math.floor(LYRICS_MAX_BYTES / 3) + 1);
    expect(japanese.length).toBeLessThan(LYRICS_MAX_BYTES);
    expect(refusal(() => parseLyrics(null, japanese)).message).toMatch(/larger than 512 KB/);
    // Emoji are two UTF-16 units and four bytes: this many is just under the limit.
    const emoji = '🎵'.repeat(LYRICS_MAX_BYTES / 4);
    expect(parseLyrics(null, emoji).lines).toHaveLength(1);
    expect(refusal(() => parseLyrics(null, `${emoji}a`)).message).toMatch(/larger/);
  });

  it('refuses binary files: a NUL byte, or many control characters', () => {
    const notText = { line: null, message: 'This is not a text file.' };
    expect(refusal(() => parseLyrics('cover.lrc', 'ID3\u0003\u0000\u0000\u0000\u0000'))).toEqual(
      notText,
    );
    // A PNG read as UTF-8: replacement characters and control characters, no NUL.
    const png = '\uFFFDPNG\r\n\u001a\n\uFFFD\uFFFD\u0002\u0010\uFFFD\u0006\u001f\u0015\uFFFD\u0007';
    expect(refusal(() => parseLyrics(null, png))).toEqual(notText);
    // A stray control character in a song is not enough, and is not kept.
    const damaged = parseLyrics(null, PLAIN_FRENCH.replace('Léa,', 'Lé\u0007a,'));
    expect(damaged).toEqual(parsePlainText(PLAIN_FRENCH));
  });
});
