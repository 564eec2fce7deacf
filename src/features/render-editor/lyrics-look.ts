// The lyrics a creator draws over its look (issue 27): the chosen library track's timed lines as
// this device holds them, in the chosen style. The server copies the same lines (those with a
// start) into the render, so the preview drawn from them is the video.
import type { Lyrics, LyricLine } from '../../../core/lyrics/lyrics';
import type { LyricsSettings } from '../../../core/render/lyrics/lyric-style-name';
import { LYRIC_STYLES, type LyricStyleName } from '../../../core/render/lyrics/styles';
import type { SceneSettings } from '../../../core/render/scene';

/** The Select's value for no lyrics. */
export const NO_LYRICS = 'none';

export const LYRIC_STYLE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: NO_LYRICS, label: 'None' },
  ...LYRIC_STYLES.map((style) => ({ value: style.name, label: style.title })),
];

export const LYRICS_MESSAGES = {
  demo: 'Pick a track of your library to show its lyrics in the video.',
  local:
    'Lyrics belong to a track of your library: add this file to your library first, then time its lyrics on its Lyrics page.',
  none: 'This track has no timed lyrics yet. Paste them and tap along on its Lyrics page, then come back here.',
  unsynced:
    'Some lyrics edits of this device have not reached the server yet: the video draws the lyrics the server has. Open the Lyrics page online to send them.',
} as const;

/** The lines of lyrics that have a start: those the server puts in the render. */
export function timedLines(lyrics: Lyrics | null | undefined): LyricLine[] {
  return lyrics?.lines.filter((line) => line.startSeconds !== null) ?? [];
}

/** The style named by a Select value, or null for none (or a name that is no style). */
export function lyricStyleOf(value: string | null): LyricStyleName | null {
  return LYRIC_STYLES.find((style) => style.name === value)?.name ?? null;
}

/** The lyrics of the preview's settings: the timed lines in the style, or none. */
export function lyricsSettingsOf(
  lines: readonly LyricLine[],
  style: LyricStyleName | null,
): LyricsSettings | null {
  return style && lines.length > 0 ? { lines: [...lines], style } : null;
}

/** The settings as the preview draws them: with the lyrics, or without any. */
export function withLyrics(settings: SceneSettings, lyrics: LyricsSettings | null): SceneSettings {
  if (lyrics) return { ...settings, lyrics };
  if (settings.lyrics === undefined) return settings;
  const { lyrics: _dropped, ...rest } = settings;
  return rest;
}
