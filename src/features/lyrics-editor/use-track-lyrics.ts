// A track's lyrics on this page: the row of this device (live), saved at once on every edit and
// synced with the server on load, when the connection comes back and shortly after edits.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import { fetchTrackLyrics, resolveTrackLyrics, saveTrackLyrics } from '../../api/lyrics';
import { getDatabase } from '../../db/database';
import type { TrackLyricsRow } from '../../db/lyrics-table';
import { browserNetwork, useOnline } from '../../lib/network';
import { useLiveQuery } from '../../lib/use-live-query';
import { browserLyricsStore } from './lyrics-store';
import {
  editedRow,
  resolveConflict,
  syncBadge,
  syncLyrics,
  type LyricsApi,
  type SyncBadge,
  type SyncOutcome,
} from './lyrics-sync';

/** Edits wait this long for the next one before they are sent. */
export const SYNC_DEBOUNCE_MS = 1500;

const browserLyricsApi: LyricsApi = {
  fetch: fetchTrackLyrics,
  save: saveTrackLyrics,
  resolve: resolveTrackLyrics,
};

export interface TrackLyricsState {
  /** undefined until this device's row is read (and, online, the server answered once). */
  row: TrackLyricsRow | undefined;
  loaded: boolean;
  /** The storage of this browser cannot be used: edits cannot be kept. */
  unavailable: boolean;
  badge: SyncBadge;
  lastOutcome: SyncOutcome | null;
  /** Saves lines on this device now and schedules the sync; resolves to the row's new version. */
  save(lyrics: Lyrics): Promise<number>;
  resolve(keep: 'saved' | 'replaced'): Promise<SyncOutcome>;
  syncNow(): void;
}

export function useTrackLyrics(audioId: string): TrackLyricsState {
  const online = useOnline();
  const query = useCallback(() => getDatabase().trackLyrics.get(audioId), [audioId]);
  const { value: row, unavailable } = useLiveQuery(query);
  const [syncing, setSyncing] = useState(false);
  const [lastOutcome, setLastOutcome] = useState<SyncOutcome | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // One sync at a time; a request during one runs another right after it.
  const syncNow = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    if (!browserNetwork.isOnline()) {
      setLastOutcome('offline');
      return;
    }
    setSyncing(true);
    running.current = (async () => {
      do {
        again.current = false;
        const outcome = await syncLyrics(audioId, {
          api: browserLyricsApi,
          store: browserLyricsStore,
          now: Date.now,
        });
        setLastOutcome(outcome);
      } while (again.current);
    })().finally(() => {
      running.current = null;
      setSyncing(false);
    });
  }, [audioId]);

  // On load, and each time the connection comes back.
  useEffect(() => {
    const first = setTimeout(syncNow, 0);
    const off = browserNetwork.onOnline(syncNow);
    return () => {
      clearTimeout(first);
      off();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [syncNow]);

  const save = useCallback(
    async (lyrics: Lyrics) => {
      let version = 0;
      await browserLyricsStore.update(audioId, (current) => {
        const next = editedRow(current, audioId, lyrics, Date.now());
        version = next.localVersion;
        return next;
      });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(syncNow, SYNC_DEBOUNCE_MS);
      return version;
    },
    [audioId, syncNow],
  );

  const resolve = useCallback(
    async (keep: 'saved' | 'replaced') => {
      setSyncing(true);
      try {
        const outcome = await resolveConflict(audioId, keep, {
          api: browserLyricsApi,
          store: browserLyricsStore,
          now: Date.now,
        });
        setLastOutcome(outcome);
        return outcome;
      } finally {
        setSyncing(false);
      }
    },
    [audioId],
  );

  const loaded = row !== undefined || unavailable || !online || lastOutcome !== null;
  return {
    row,
    loaded,
    unavailable,
    badge: syncBadge(row, { online, syncing, lastOutcome }),
    lastOutcome,
    save,
    resolve,
    syncNow,
  };
}
