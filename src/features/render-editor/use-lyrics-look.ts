// The lyrics of a creator's track and the style they are drawn in. A library track's lyrics are
// read from this device (the Lyrics page keeps them there, offline too); a device that never
// opened that page asks the server once. A file of this device has none until it is in the
// library (the server takes the lines from the track).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LyricLine } from '../../../core/lyrics/lyrics';
import type { LyricStyleName } from '../../../core/render/lyrics/lyric-style-name';
import { fetchTrackLyrics } from '../../api/lyrics';
import { getDatabase } from '../../db/database';
import { useOnline } from '../../lib/network';
import { useLiveQuery } from '../../lib/use-live-query';
import type { AudioChoice } from './chosen-audio';
import { lyricsSettingsOf, timedLines } from './lyrics-look';

export type TrackLyricsState =
  | { state: 'demo' }
  | { state: 'local' }
  | { state: 'loading'; audioId: string }
  | {
      state: 'ready';
      audioId: string;
      /** The timed lines (none: the track has no timed lyrics yet). */
      lines: LyricLine[];
      /** Edits of this device the server does not have yet (it renders its own copy). */
      unsynced: boolean;
    };

const NO_LINES: LyricLine[] = [];

function useServerLyrics(audioId: string | null, wanted: boolean) {
  const online = useOnline();
  const [answer, setAnswer] = useState<{ audioId: string; lines: LyricLine[] | null } | null>(null);
  useEffect(() => {
    if (!audioId || !wanted || !online) return undefined;
    let current = true;
    fetchTrackLyrics(audioId)
      .then((saved) => current && setAnswer({ audioId, lines: timedLines(saved?.lyrics) }))
      .catch(() => current && setAnswer({ audioId, lines: null }));
    return () => {
      current = false;
    };
  }, [audioId, wanted, online]);
  if (!audioId || !wanted) return undefined;
  // Offline, or the server could not answer: the track has none this device knows of.
  if (!online) return NO_LINES;
  return answer?.audioId === audioId ? (answer.lines ?? NO_LINES) : undefined;
}

/** The chosen track's timed lyrics: this device's copy, else the server's. */
export function useTrackLyrics(choice: AudioChoice): TrackLyricsState {
  const audioId = choice.kind === 'library' ? choice.audio.audio_uuid : null;
  const query = useCallback(
    async () => (audioId ? ((await getDatabase().trackLyrics.get(audioId)) ?? null) : null),
    [audioId],
  );
  const { value: row, unavailable } = useLiveQuery(query);
  const lines = useMemo(() => (row ? timedLines(row.lyrics) : NO_LINES), [row]);
  const fromServer = useServerLyrics(audioId, row === null || unavailable);

  if (choice.kind === 'demo') return { state: 'demo' };
  if (choice.kind === 'local' || !audioId) return { state: 'local' };
  if (row) return { state: 'ready', audioId, lines, unsynced: row.dirty };
  if (fromServer === undefined) return { state: 'loading', audioId };
  return { state: 'ready', audioId, lines: fromServer, unsynced: false };
}

/** The track's lyrics, the style the user chose, and what the preview and the render take. */
export function useLyricsLook(choice: AudioChoice) {
  const track = useTrackLyrics(choice);
  const [chosenStyle, setStyle] = useState<LyricStyleName | null>(null);
  const lines = track.state === 'ready' ? track.lines : NO_LINES;
  // A track without timed lines shows none, whatever style was chosen for another.
  const style = lines.length > 0 ? chosenStyle : null;
  const settings = useMemo(() => lyricsSettingsOf(lines, style), [lines, style]);
  return {
    track,
    chosenStyle,
    setStyle,
    /** The style the render is asked for: null when none is chosen or the track has no lines. */
    style,
    /** The lyrics in the preview's settings, or null. */
    settings,
  };
}

export type LyricsLook = ReturnType<typeof useLyricsLook>;
