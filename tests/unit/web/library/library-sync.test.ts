import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import type { AudioStatusAnswer, LibraryAudio } from '../../../../src/api/media';
import { WaveframeDatabase } from '../../../../src/db/database';
import { LibraryCache } from '../../../../src/features/library/library-cache';
import { LibrarySync, type LibraryApi } from '../../../../src/features/library/library-sync';
import type { ProcessedItem } from '../../../../src/lib/media-status';
import { libraryAudio, libraryImage, manualTimers } from '../uploads/upload-fixtures';

let databases: WaveframeDatabase[] = [];
let syncs: LibrarySync[] = [];
afterEach(async () => {
  syncs.forEach((sync) => sync.stop());
  syncs = [];
  await Promise.all(databases.map((db) => db.delete()));
  databases = [];
});

const statusOf = (audio: LibraryAudio): AudioStatusAnswer => ({
  audio_uuid: audio.audio_uuid,
  core_processing_status: audio.core_processing_status,
  marketplace_processing_status: null,
  error: audio.error,
  audio,
});

function harness() {
  const db = new WaveframeDatabase(`library-sync-${Math.random()}`);
  databases.push(db);
  const cache = new LibraryCache(() => db);
  const clock = { now: 1_000_000 };
  const timers = manualTimers();
  const network = { online: true, isOnline: () => network.online, onOnline: () => () => undefined };
  const api = {
    fetchImages: vi.fn<LibraryApi['fetchImages']>(async () => [
      libraryImage({ status: 'COMPLETE' }),
    ]),
    fetchAudios: vi.fn<LibraryApi['fetchAudios']>(async () => []),
    fetchImageStatuses: vi.fn<LibraryApi['fetchImageStatuses']>(async () => []),
    fetchAudioStatuses: vi.fn<LibraryApi['fetchAudioStatuses']>(async () => []),
    fetchVideoStatuses: vi.fn<LibraryApi['fetchVideoStatuses']>(async () => []),
  };
  const sync = new LibrarySync({
    api,
    cache,
    network,
    now: () => clock.now,
    setTimer: timers.setTimer,
  });
  syncs.push(sync);
  const processed: ProcessedItem[] = [];
  sync.onProcessed((item) => processed.push(item));
  return { db, cache, clock, timers, network, api, sync, processed };
}

/** Lets pending promise chains (IndexedDB, fetch stand-ins) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('library sync: lists', () => {
  it('fetches both lists at start and saves them on this device', async () => {
    const h = harness();
    h.api.fetchAudios.mockResolvedValue([libraryAudio({ core_processing_status: 'COMPLETE' })]);
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    await vi.waitFor(() => expect(h.sync.getStatus().images.fetched).toBe(true));
    expect(await h.cache.images()).toHaveLength(1);
    expect((await h.cache.audios())[0]?.audio_uuid).toBe('a1');
    expect(await h.cache.fetchedAt('audios')).toBe(1_000_000);
  });

  it('does not fetch again within the hour, and does after it (spec 9)', async () => {
    const h = harness();
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    await h.sync.ensureFresh();
    expect(h.api.fetchAudios).toHaveBeenCalledTimes(1);
    h.clock.now += 3600 * 1000;
    await h.sync.ensureFresh();
    expect(h.api.fetchAudios).toHaveBeenCalledTimes(2);
    expect(h.api.fetchImages).toHaveBeenCalledTimes(2);
  });

  it('a 429 retries the list after 5 s; other errors keep the saved copy and say so', async () => {
    const h = harness();
    await h.cache.replaceAudios([libraryAudio({ core_processing_status: 'COMPLETE' })], 1);
    h.api.fetchAudios.mockRejectedValueOnce(new ApiError({ status: 429, message: 'slow' }));
    h.api.fetchImages.mockRejectedValueOnce(new ApiError({ status: 500, message: 'boom' }));
    h.sync.start();
    await vi.waitFor(() => expect(h.timers.delays()).toContain(5000));
    await vi.waitFor(() => expect(h.sync.getStatus().images.failed).toBe(true));
    expect(h.sync.getStatus().audios).toMatchObject({ refreshing: true, failed: false });
    h.timers.runAll();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    expect(h.api.fetchAudios).toHaveBeenCalledTimes(2);
    expect(h.api.fetchImages).toHaveBeenCalledTimes(1);
  });

  it('offline, nothing is asked and the saved copy stays', async () => {
    const h = harness();
    h.network.online = false;
    await h.cache.replaceImages([libraryImage()], 1);
    h.sync.start();
    // The loads start() began, shared: resolved once each has decided what to do.
    await h.sync.ensureFresh();
    expect(h.api.fetchImages).not.toHaveBeenCalled();
    expect(h.api.fetchAudios).not.toHaveBeenCalled();
    expect(h.sync.getStatus().images).toEqual({ fetched: false, refreshing: false, failed: false });
    expect(await h.cache.images()).toHaveLength(1);
  });
});

describe('library sync: processing', () => {
  it('polls a processing track every 10 s until it is final, then stops', async () => {
    const h = harness();
    const processing = libraryAudio({ core_processing_status: 'PROGRESSING' });
    h.api.fetchAudios.mockResolvedValue([processing]);
    h.api.fetchAudioStatuses.mockResolvedValue([statusOf(processing)]);
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    await settle();
    expect(h.timers.delays()).toContain(10_000);

    h.timers.runAll();
    await vi.waitFor(() => expect(h.api.fetchAudioStatuses).toHaveBeenCalledWith(['a1']));
    await vi.waitFor(() => expect(h.timers.delays()).toEqual([10_000]));

    const done = libraryAudio({ core_processing_status: 'COMPLETE', playable_path: '/p' });
    h.api.fetchAudioStatuses.mockResolvedValue([statusOf(done)]);
    h.timers.runAll();
    await vi.waitFor(() =>
      expect(h.processed).toEqual([
        { kind: 'audio', serverId: 'a1', outcome: 'COMPLETE', error: null },
      ]),
    );
    await settle();
    expect(h.timers.count()).toBe(0);
    expect((await h.cache.audio('a1'))?.core_processing_status).toBe('COMPLETE');
  });

  it('a 429 while polling waits 5 s; another error stops polling', async () => {
    const h = harness();
    h.api.fetchImages.mockResolvedValue([libraryImage({ status: 'PENDING' })]);
    h.api.fetchImageStatuses.mockRejectedValueOnce(new ApiError({ status: 429, message: 'slow' }));
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().images.fetched).toBe(true));
    await settle();
    // The first rounds: images after 5 s (answered 429), audio after 10 s (nothing to poll).
    expect(h.timers.delays().sort((a, b) => a - b)).toEqual([5_000, 10_000]);
    h.timers.runAll();
    await vi.waitFor(() => expect(h.api.fetchImageStatuses).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(h.timers.delays()).toEqual([5_000]));
    h.api.fetchImageStatuses.mockRejectedValueOnce(new ApiError({ status: 500, message: 'boom' }));
    h.timers.runAll();
    await vi.waitFor(() => expect(h.api.fetchImageStatuses).toHaveBeenCalledTimes(2));
    await settle();
    expect(h.timers.count()).toBe(0);
  });

  it('polls an upload it was told to watch, and reports items deleted meanwhile as gone', async () => {
    const h = harness();
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().images.fetched).toBe(true));
    h.sync.watch('image', 'i9');
    await settle();
    expect(h.timers.delays()).toContain(5_000);
    h.timers.runAll();
    await vi.waitFor(() =>
      expect(h.processed).toEqual([
        { kind: 'image', serverId: 'i9', outcome: 'GONE', error: null },
      ]),
    );
  });

  it('a finished track with a new cover brings the image list up to date', async () => {
    const h = harness();
    const processing = libraryAudio({ core_processing_status: 'PROGRESSING' });
    h.api.fetchAudios.mockResolvedValue([processing]);
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    await vi.waitFor(() => expect(h.sync.getStatus().images.fetched).toBe(true));
    h.api.fetchAudioStatuses.mockResolvedValue([
      statusOf({ ...processing, core_processing_status: 'COMPLETE', artwork_image_uuid: 'cover' }),
    ]);
    h.timers.runAll();
    await vi.waitFor(() => expect(h.api.fetchImages).toHaveBeenCalledTimes(2));
  });

  it('stops every timer when stopped (signed out)', async () => {
    const h = harness();
    h.api.fetchAudios.mockResolvedValue([libraryAudio()]);
    h.sync.start();
    await vi.waitFor(() => expect(h.sync.getStatus().audios.fetched).toBe(true));
    await settle();
    h.sync.stop();
    expect(h.timers.count()).toBe(0);
    expect(h.sync.getStatus().audios.fetched).toBe(false);
  });
});
