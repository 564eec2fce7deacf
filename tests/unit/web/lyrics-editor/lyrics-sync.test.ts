import { describe, expect, it, vi } from 'vitest';
import type { TrackLyrics } from '../../../../core/lyrics/api-types';
import type { Lyrics } from '../../../../core/lyrics/lyrics';
import { ApiError } from '../../../../src/api/api-error';
import type { TrackLyricsRow } from '../../../../src/db/lyrics-table';
import {
  editedRow,
  resolveConflict,
  syncBadge,
  syncLyrics,
  type LyricsApi,
  type LyricsStore,
} from '../../../../src/features/lyrics-editor/lyrics-sync';

const ID = 'track-1';
const lyrics = (...texts: string[]): Lyrics => ({
  lines: texts.map((text, i) => ({
    text,
    startSeconds: i,
    endSeconds: null,
    words: null,
    section: 0,
  })),
  language: null,
});
const server = (
  revision: number,
  l: Lyrics,
  conflict: TrackLyrics['conflict'] = null,
): TrackLyrics => ({
  audioId: ID,
  lyrics: l,
  revision,
  updatedAt: '2026-01-01T00:00:00.000Z',
  conflict,
});

function memoryStore(
  row?: TrackLyricsRow,
): LyricsStore & { row: () => TrackLyricsRow | undefined } {
  let current = row;
  return {
    row: () => current,
    get: () => Promise.resolve(current),
    update: (_id, change) => {
      current = change(current);
      return Promise.resolve();
    },
  };
}

function fakeApi(overrides: Partial<LyricsApi>): LyricsApi {
  return {
    fetch: vi.fn(() => Promise.resolve(null)),
    save: vi.fn(() => Promise.reject(new Error('not expected'))),
    resolve: vi.fn(() => Promise.reject(new Error('not expected'))),
    ...overrides,
  };
}
const now = () => 1000;

describe('syncing a track’s lyrics', () => {
  it('takes in the server’s version when there is no edit here', async () => {
    const store = memoryStore();
    const api = fakeApi({ fetch: vi.fn(() => Promise.resolve(server(3, lyrics('a')))) });
    expect(await syncLyrics(ID, { api, store, now })).toBe('synced');
    expect(store.row()).toMatchObject({ revision: 3, dirty: false, localVersion: 1 });
    expect(store.row()!.lyrics.lines[0]!.text).toBe('a');
  });

  it('sends an edit with its base revision and stores the new revision', async () => {
    const store = memoryStore(editedRow(undefined, ID, lyrics('a'), 1));
    await store.update(ID, (row) => row && { ...row, revision: 2 });
    const save = vi.fn((request: { baseRevision: number; lyrics: Lyrics }) =>
      Promise.resolve(server(3, request.lyrics)),
    );
    expect(await syncLyrics(ID, { api: fakeApi({ save }), store, now })).toBe('synced');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ audioId: ID, baseRevision: 2 }));
    expect(store.row()).toMatchObject({ revision: 3, dirty: false, conflict: null });
  });

  it('keeps an edit made while the save was on its way', async () => {
    const store = memoryStore(editedRow(undefined, ID, lyrics('a'), 1));
    const save = vi.fn(async (request: { lyrics: Lyrics }) => {
      await store.update(ID, (row) => editedRow(row, ID, lyrics('a', 'b'), 2));
      return server(1, request.lyrics);
    });
    await syncLyrics(ID, { api: fakeApi({ save }), store, now });
    expect(store.row()).toMatchObject({ revision: 1, dirty: true });
    expect(store.row()!.lyrics.lines).toHaveLength(2);
  });

  it('keeps the conflict the server reports, and stays dirty offline', async () => {
    const store = memoryStore(editedRow(undefined, ID, lyrics('mine'), 1));
    const offline = fakeApi({
      save: vi.fn(() => Promise.reject(new ApiError({ status: 0, message: 'Failed to fetch' }))),
    });
    expect(await syncLyrics(ID, { api: offline, store, now })).toBe('offline');
    expect(store.row()!.dirty).toBe(true);
    const conflict = { lyrics: lyrics('theirs'), updatedAt: '2026-01-01T00:00:00.000Z' };
    const api = fakeApi({
      save: vi.fn((r: { lyrics: Lyrics }) => Promise.resolve(server(5, r.lyrics, conflict))),
    });
    await syncLyrics(ID, { api, store, now });
    expect(store.row()!.conflict).toEqual(conflict);
    expect(syncBadge(store.row(), { online: true, syncing: false, lastOutcome: 'synced' })).toBe(
      'saved',
    );
  });

  it('sends again from revision 0 when the server does not know the base revision', async () => {
    const row = { ...editedRow(undefined, ID, lyrics('a'), 1), revision: 7 };
    const store = memoryStore(row);
    const save = vi.fn((r: { baseRevision: number; lyrics: Lyrics }) =>
      r.baseRevision === 7
        ? Promise.reject(
            new ApiError({ status: 409, exc: 'LyricsRevisionUnknown', message: 'reload' }),
          )
        : Promise.resolve(server(1, r.lyrics)),
    );
    expect(await syncLyrics(ID, { api: fakeApi({ save }), store, now })).toBe('synced');
    expect(save).toHaveBeenCalledTimes(2);
    expect(store.row()).toMatchObject({ revision: 1, dirty: false });
  });

  it('records why the server refused the lines', async () => {
    const store = memoryStore(editedRow(undefined, ID, lyrics('a'), 1));
    const api = fakeApi({
      save: vi.fn(() =>
        Promise.reject(
          new ApiError({ status: 400, message: 'Line 2 starts before the line above it' }),
        ),
      ),
    });
    expect(await syncLyrics(ID, { api, store, now })).toBe('refused');
    expect(store.row()!.refused).toMatch(/Line 2/);
    expect(syncBadge(store.row(), { online: true, syncing: false, lastOutcome: 'refused' })).toBe(
      'refused',
    );
  });

  it('resolves a conflict and takes the answer in', async () => {
    const conflict = { lyrics: lyrics('theirs'), updatedAt: '2026-01-01T00:00:00.000Z' };
    const store = memoryStore({
      ...editedRow(undefined, ID, lyrics('mine'), 1),
      dirty: false,
      revision: 5,
      conflict,
    });
    const resolve = vi.fn(() => Promise.resolve(server(6, lyrics('theirs'))));
    expect(await resolveConflict(ID, 'replaced', { api: fakeApi({ resolve }), store, now })).toBe(
      'synced',
    );
    expect(resolve).toHaveBeenCalledWith({ audioId: ID, keep: 'replaced' });
    expect(store.row()).toMatchObject({
      revision: 6,
      conflict: null,
      dirty: false,
      localVersion: 2,
    });
    expect(store.row()!.lyrics.lines[0]!.text).toBe('theirs');
  });
});
