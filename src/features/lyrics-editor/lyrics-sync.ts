// Keeping a track's lyrics on this device and on the server in step. Edits are saved here at
// once (dirty) and sent with the revision they started from; the server's answer gives the new
// revision, and the version it replaced when another device saved meanwhile (the conflict).
// The rules are pure functions of the row and the answer; syncLyrics runs them against an API
// and a store given as parameters, so tests pass fakes.
import type { TrackLyrics } from '../../../core/lyrics/api-types';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import { failureOf, isApiError } from '../../api/api-error';
import type { TrackLyricsRow } from '../../db/lyrics-table';

export interface LyricsApi {
  fetch(audioId: string): Promise<TrackLyrics | null>;
  save(request: { audioId: string; lyrics: Lyrics; baseRevision: number }): Promise<TrackLyrics>;
  resolve(request: { audioId: string; keep: 'saved' | 'replaced' }): Promise<TrackLyrics>;
}

export interface LyricsStore {
  get(audioId: string): Promise<TrackLyricsRow | undefined>;
  /** Changes a row in one transaction: `change` sees the row as it is then. */
  update(
    audioId: string,
    change: (row: TrackLyricsRow | undefined) => TrackLyricsRow | undefined,
  ): Promise<void>;
}

/** How one sync ended. */
export type SyncOutcome =
  | 'synced'
  /** No answer (offline, or the server is unreachable): the edits wait here. */
  | 'offline'
  /** The server refused the lines (400): the row says why. */
  | 'refused'
  /** The track is gone, or is another account's (404). */
  | 'missing'
  | 'failed';

export const EMPTY_LYRICS: Lyrics = { lines: [], language: null };

/** The row after an edit on this device. */
export function editedRow(
  row: TrackLyricsRow | undefined,
  audioId: string,
  lyrics: Lyrics,
  now: number,
): TrackLyricsRow {
  return {
    audioId,
    revision: row?.revision ?? 0,
    conflict: row?.conflict ?? null,
    serverUpdatedAt: row?.serverUpdatedAt ?? null,
    localVersion: (row?.localVersion ?? 0) + 1,
    lyrics,
    dirty: true,
    updatedAt: now,
    refused: null,
  };
}

/** The server's version taken in whole (its content replaces this device's). */
function fromServer(
  row: TrackLyricsRow | undefined,
  server: TrackLyrics,
  now: number,
): TrackLyricsRow {
  return {
    audioId: server.audioId,
    lyrics: server.lyrics,
    revision: server.revision,
    dirty: false,
    localVersion: (row?.localVersion ?? 0) + 1,
    conflict: server.conflict,
    serverUpdatedAt: server.updatedAt,
    updatedAt: now,
    refused: null,
  };
}

/**
 * After a save of `sentVersion`: the server has these lines at its new revision. An edit made
 * while the save was on its way stays dirty, now based on that revision.
 */
export function afterSave(
  row: TrackLyricsRow | undefined,
  sentVersion: number,
  server: TrackLyrics,
): TrackLyricsRow | undefined {
  if (!row) return row;
  const changedSince = row.localVersion !== sentVersion;
  return {
    ...row,
    revision: server.revision,
    dirty: changedSince,
    conflict: server.conflict,
    serverUpdatedAt: server.updatedAt,
    refused: changedSince ? row.refused : null,
  };
}

/** After reading the server's version: taken in unless this device has edits not yet sent. */
export function afterFetch(
  row: TrackLyricsRow | undefined,
  server: TrackLyrics | null,
  audioId: string,
  now: number,
): TrackLyricsRow | undefined {
  if (row?.dirty) return row;
  if (!server) {
    // Nothing on the server: never saved (an empty row says "loaded"), or removed on another
    // device, the last edit, so this device follows.
    if (row && row.revision === 0) return row;
    return {
      audioId,
      lyrics: EMPTY_LYRICS,
      revision: 0,
      dirty: false,
      localVersion: (row?.localVersion ?? 0) + 1,
      conflict: null,
      serverUpdatedAt: null,
      updatedAt: now,
      refused: null,
    };
  }
  if (row && row.revision === server.revision) {
    return { ...row, conflict: server.conflict, serverUpdatedAt: server.updatedAt };
  }
  return fromServer(row, server, now);
}

/** After the user picked a version: the server's answer is the lyrics, with no conflict left. */
export function afterResolve(
  row: TrackLyricsRow | undefined,
  server: TrackLyrics,
  now: number,
): TrackLyricsRow {
  return fromServer(row, server, now);
}

function outcomeOf(error: unknown): SyncOutcome {
  const { status } = failureOf(error);
  if (status === 0) return 'offline';
  if (status === 400) return 'refused';
  if (status === 404) return 'missing';
  return 'failed';
}

/**
 * One round with the server: sends this device's edits if it has any (else takes in the server's
 * newer version). A save the server cannot place (409: a revision it never had, such as lyrics
 * removed elsewhere) is sent again from revision 0, so what the server held stays as the conflict.
 */
export async function syncLyrics(
  audioId: string,
  deps: { api: LyricsApi; store: LyricsStore; now: () => number },
): Promise<SyncOutcome> {
  const row = await deps.store.get(audioId);
  try {
    if (row?.dirty) {
      const request = { audioId, lyrics: row.lyrics, baseRevision: row.revision };
      let server: TrackLyrics;
      try {
        server = await deps.api.save(request);
      } catch (error) {
        if (!(isApiError(error) && error.status === 409) || request.baseRevision === 0) throw error;
        server = await deps.api.save({ ...request, baseRevision: 0 });
      }
      await deps.store.update(audioId, (current) => afterSave(current, row.localVersion, server));
    } else {
      const server = await deps.api.fetch(audioId);
      await deps.store.update(audioId, (current) =>
        afterFetch(current, server, audioId, deps.now()),
      );
    }
    return 'synced';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'refused' && row) {
      const message = error instanceof Error ? error.message : 'The server refused these lyrics.';
      await deps.store.update(audioId, (current) =>
        current && current.localVersion === row.localVersion
          ? { ...current, refused: message }
          : current,
      );
    }
    return outcome;
  }
}

/** Keeps one version of a conflict: this device's edits are sent first, then the choice. */
export async function resolveConflict(
  audioId: string,
  keep: 'saved' | 'replaced',
  deps: { api: LyricsApi; store: LyricsStore; now: () => number },
): Promise<SyncOutcome> {
  const row = await deps.store.get(audioId);
  if (row?.dirty) {
    const outcome = await syncLyrics(audioId, deps);
    if (outcome !== 'synced') return outcome;
  }
  try {
    const server = await deps.api.resolve({ audioId, keep });
    await deps.store.update(audioId, (current) => afterResolve(current, server, deps.now()));
    return 'synced';
  } catch (error) {
    // Nothing left to choose (resolved on another device): read what the server holds.
    if (isApiError(error) && error.status === 409) return syncLyrics(audioId, deps);
    return outcomeOf(error);
  }
}

/** What the page says about saving. */
export type SyncBadge = 'saved' | 'saving' | 'offline' | 'refused' | 'failed' | 'local';

export function syncBadge(
  row: TrackLyricsRow | undefined,
  state: { online: boolean; syncing: boolean; lastOutcome: SyncOutcome | null },
): SyncBadge {
  if (!row) return state.syncing ? 'saving' : state.online ? 'saved' : 'local';
  if (row.refused) return 'refused';
  if (!row.dirty) return 'saved';
  if (!state.online || state.lastOutcome === 'offline') return 'offline';
  if (state.syncing) return 'saving';
  if (state.lastOutcome === 'failed' || state.lastOutcome === 'missing') return 'failed';
  return 'saving';
}
