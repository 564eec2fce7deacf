import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/lyrics/lyrics';
import { defaultSettings, listTemplates } from '../../../../core/render/renderer';
import { LYRIC_STYLE_NAMES } from '../../../../core/render/lyrics/lyric-style-name';
import { ApiError } from '../../../../src/api/api-error';
import {
  LYRIC_STYLE_OPTIONS,
  lyricStyleOf,
  lyricsSettingsOf,
  NO_LYRICS,
  timedLines,
  withLyrics,
} from '../../../../src/features/render-editor/lyrics-look';
import { failureMessage } from '../../../../src/features/render-editor/use-render-request';

const line = (text: string, startSeconds: number | null): LyricLine => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section: 0,
});

describe('the lyrics of a creator', () => {
  it('takes the lines with a start, as the server copies them into the render', () => {
    const lines = [line('one', 1), line('not yet', null), line('three', 0)];
    expect(timedLines({ lines, language: null }).map((l) => l.text)).toEqual(['one', 'three']);
    expect(timedLines(null)).toEqual([]);
  });

  it('offers None and every style by its title', () => {
    expect(LYRIC_STYLE_OPTIONS[0]).toEqual({ value: NO_LYRICS, label: 'None' });
    expect(LYRIC_STYLE_OPTIONS.slice(1).map((o) => o.value)).toEqual([...LYRIC_STYLE_NAMES]);
    expect(LYRIC_STYLE_OPTIONS.find((o) => o.value === 'centred')?.label).toBe('Centred lines');
    expect(lyricStyleOf('karaoke')).toBe('karaoke');
    expect(lyricStyleOf(NO_LYRICS)).toBeNull();
    expect(lyricStyleOf('comic-sans')).toBeNull();
  });

  it('draws lyrics only with a style and at least one timed line', () => {
    const lines = [line('one', 1)];
    expect(lyricsSettingsOf(lines, 'centred')).toEqual({ lines, style: 'centred' });
    expect(lyricsSettingsOf(lines, null)).toBeNull();
    expect(lyricsSettingsOf([], 'centred')).toBeNull();
  });

  it('puts the lyrics into the preview settings, and takes them out again', () => {
    const settings = defaultSettings(listTemplates('visualizer')[0]!);
    const lyrics = { lines: [line('one', 1)], style: 'captions' as const };
    const drawn = withLyrics(settings, lyrics);
    expect(drawn.lyrics).toEqual(lyrics);
    expect(withLyrics(settings, null)).toBe(settings);
    expect('lyrics' in withLyrics(drawn, null)).toBe(false);
  });

  it('shows the server’s 409 NoLyrics as it shows the other refusals', () => {
    const message =
      'This track has no timed lyrics yet: time them on its Lyrics page, then render.';
    const error = new ApiError({ status: 409, exc: 'NoLyrics', message });
    expect(failureMessage(error)).toEqual({ message, noCredits: false });
  });
});
