import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import type { LibraryAudio } from '../../../../src/api/media';
import type { UserVideo } from '../../../../src/api/videos';
import { TusPaused, type TusSendOptions } from '../../../../src/api/tus-upload';
import { UPLOAD_MESSAGES } from '../../../../src/features/uploads/upload-checks';
import {
  FINISHED_KEPT_MS,
  RUNNER_MESSAGES,
  UploadRunner,
  type UploadRunnerDeps,
} from '../../../../src/features/uploads/upload-runner';
import {
  libraryAudio,
  libraryImage,
  manualTimers,
  memoryUploadStore,
  ROW_OWNER,
  uploadRow,
} from './upload-fixtures';

const UPLOAD_URL = '/api/audio/uploads/a1';

/** A clip as the server answers its finalize: being processed. */
function userVideo(overrides: Partial<UserVideo> = {}): UserVideo {
  return {
    video_uuid: 'v1',
    file_name: 'clip.mp4',
    is_task_output: false,
    task_name: null,
    task_status: null,
    processing_status: 'PROGRESSING',
    error: null,
    thumbnail_path: null,
    video_path: null,
    download_path: null,
    width: null,
    height: null,
    fps: null,
    duration_seconds: null,
    codec: null,
    file_size: 1000,
    retention_policy: 'keep',
    expires_at: null,
    created_at: '2026-11-24T00:00:00.000Z',
    source_video_uuid: null,
    audio_uuid: null,
    target_seconds: null,
    percent_complete: 0,
    ...overrides,
  };
}

/** A runner whose server, connection and clock the test controls. */
function harness(known: LibraryAudio[] = [], progressEveryMs = 0) {
  const clock = { now: 10_000 };
  const store = memoryUploadStore(() => clock.now);
  const network = {
    online: true,
    listeners: new Set<() => void>(),
    isOnline: () => network.online,
    onOnline(listener: () => void) {
      network.listeners.add(listener);
      return () => network.listeners.delete(listener);
    },
    goOnline() {
      network.online = true;
      for (const listener of network.listeners) listener();
    },
  };
  const timers = manualTimers();
  const watched: Array<[string, string]> = [];
  const audio = {
    createDraft: vi.fn<UploadRunnerDeps['audio']['createDraft']>(async () => ({
      audio_uuid: 'a1',
      existing: false,
      upload_url: UPLOAD_URL,
      audio: null,
    })),
    sendBytes: vi.fn<UploadRunnerDeps['audio']['sendBytes']>(
      async (_file, _url, { onProgress }) => {
        onProgress(500, 1000);
        onProgress(1000, 1000);
      },
    ),
    finalize: vi.fn<UploadRunnerDeps['audio']['finalize']>(async (id) => ({
      audio: libraryAudio({ audio_uuid: id }),
      duplicate: false,
    })),
    abort: vi.fn<UploadRunnerDeps['audio']['abort']>(async () => ({ ok: true })),
  };
  const video = {
    createDraft: vi.fn<UploadRunnerDeps['video']['createDraft']>(async () => ({
      video_uuid: 'v1',
      upload_url: '/api/audio/uploads/v1',
    })),
    finalize: vi.fn<UploadRunnerDeps['video']['finalize']>(async () => userVideo()),
    abort: vi.fn<UploadRunnerDeps['video']['abort']>(async () => ({ ok: true })),
  };
  const image = {
    upload: vi.fn<UploadRunnerDeps['image']['upload']>(async () => ({
      image: libraryImage(),
      duplicate: false,
    })),
  };
  const library = {
    knownAudios: vi.fn(async () => known),
    rememberAudio: vi.fn(async () => undefined),
    rememberImage: vi.fn(async () => undefined),
    watch: (kind: string, id: string) => void watched.push([kind, id]),
  };
  // Whose session the requests carry, as the server's login check answers: the rows' owner
  // unless a test signs someone else in, out (null), or makes the check fail.
  const session = { user: ROW_OWNER as string | null, failure: null as ApiError | null };
  const signedInUser = vi.fn<UploadRunnerDeps['signedInUser']>(async () => {
    if (session.failure) throw session.failure;
    if (session.user === null) throw new ApiError({ status: 401, message: 'Sign in' });
    return session.user;
  });
  const runnerDeps: UploadRunnerDeps = {
    store,
    network,
    audio,
    video,
    image,
    library,
    signedInUser,
    exclusively: <T>(run: () => Promise<T>) => run(),
    now: () => clock.now,
    setTimer: timers.setTimer,
    progressEveryMs,
  };
  const runner = new UploadRunner(runnerDeps);
  const row = (id = 'u1') => store.rows.get(id);
  const stateOf = (id = 'u1') => row(id)?.state;
  return {
    clock,
    session,
    signedInUser,
    store,
    network,
    timers,
    watched,
    audio,
    video,
    image,
    library,
    runner,
    runnerDeps,
    row,
    stateOf,
  };
}

let running: UploadRunner | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

function started(h: ReturnType<typeof harness>) {
  running = h.runner;
  h.runner.start();
  return h;
}

describe('the upload runner: video clips', () => {
  it('drafts, sends the bytes on the tus path, finalizes, then waits for processing', async () => {
    const h = started(harness());
    await h.runner.enqueue([
      uploadRow({
        kind: 'video',
        fileName: 'clip.mp4',
        mimetype: 'video/mp4',
        durationSeconds: null,
      }),
    ]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.video.createDraft).toHaveBeenCalledWith({
      file_name: 'clip.mp4',
      file_size: 1000,
      mimetype: 'video/mp4',
      duration_seconds: null,
    });
    expect(h.audio.sendBytes.mock.calls[0]?.[1]).toBe('/api/audio/uploads/v1');
    expect(h.video.finalize).toHaveBeenCalledWith('v1');
    expect(h.watched).toEqual([['video', 'v1']]);
    await h.runner.settle({
      kind: 'video',
      serverId: 'v1',
      outcome: 'FAILED',
      error: 'The clip could not be read: it is not a video.',
    });
    expect(h.row()).toMatchObject({
      state: 'failed',
      error: 'The clip could not be read: it is not a video.',
    });
  });

  it('bytes missing at finalize are sent once more', async () => {
    const h = started(harness());
    h.video.finalize
      .mockRejectedValueOnce(
        new ApiError({ status: 409, exc: 'UploadIncomplete', message: 'not yet' }),
      )
      .mockResolvedValueOnce(userVideo({ processing_status: 'COMPLETE' }));
    await h.runner.enqueue([
      uploadRow({ kind: 'video', fileName: 'clip.mp4', mimetype: 'video/mp4' }),
    ]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('done'));
    expect(h.audio.sendBytes).toHaveBeenCalledTimes(2);
    expect(h.video.finalize).toHaveBeenCalledTimes(2);
  });
});

describe('the upload runner: audio', () => {
  it('drafts with the duration, sends the bytes with tus, finalises, then waits for processing', async () => {
    const h = started(harness());
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.audio.createDraft).toHaveBeenCalledWith({
      file_name: 'My Song.mp3',
      file_size: 1000,
      mimetype: 'audio/mpeg',
      duration_seconds: 30,
    });
    expect(h.audio.sendBytes.mock.calls[0]?.[1]).toBe(UPLOAD_URL);
    expect(h.audio.finalize).toHaveBeenCalledWith('a1');
    expect(h.library.rememberAudio).toHaveBeenCalled();
    expect(h.watched).toEqual([['audio', 'a1']]);
    expect(h.row()).toMatchObject({ percent: 100, file: null, serverId: 'a1' });

    await h.runner.settle({ kind: 'audio', serverId: 'a1', outcome: 'COMPLETE', error: null });
    expect(h.stateOf()).toBe('done');
  });

  it('a burst of progress followed by a stall still shows its last bytes, once the interval has passed', async () => {
    const h = started(harness([], 300));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    h.audio.sendBytes.mockImplementation(async (_file, _url, { onProgress }) => {
      onProgress(0, 1000);
      h.clock.now += 10;
      onProgress(250, 1000);
      h.clock.now += 10;
      onProgress(500, 1000);
      // The next chunk waits on the server: no report comes for a while.
      await held;
      onProgress(1000, 1000);
    });
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.audio.sendBytes).toHaveBeenCalled());
    await vi.waitFor(() => expect(h.row()).toMatchObject({ state: 'uploading', bytesSent: 0 }));
    // The reports of the burst wait for the interval, and only the latest is written.
    expect(h.timers.delays()).toEqual([280]);
    h.clock.now += 280;
    h.timers.runAll();
    await vi.waitFor(() => expect(h.row()).toMatchObject({ bytesSent: 500, percent: 50 }));
    release();
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.row()).toMatchObject({ percent: 100 });
  });

  it('a processing failure ends the upload failed with the reason', async () => {
    const h = started(harness());
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    await h.runner.settle({
      kind: 'audio',
      serverId: 'a1',
      outcome: 'FAILED',
      error: 'This file is not audio we can use',
    });
    expect(h.row()).toMatchObject({ state: 'failed', error: 'This file is not audio we can use' });
  });

  it('a completed track that matches (spec 5) is reused without asking the server', async () => {
    const existing = libraryAudio({
      audio_uuid: 'a7',
      file_name: 'My_Song.mp3',
      core_processing_status: 'COMPLETE',
      duration_seconds: 30.6,
    });
    const h = started(harness([existing]));
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('done'));
    expect(h.row()).toMatchObject({ serverId: 'a7', note: UPLOAD_MESSAGES.alreadyInLibrary });
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.audio.sendBytes).not.toHaveBeenCalled();
  });

  it('a draft the server matches to an existing track needs no upload', async () => {
    const h = started(harness());
    const existing = libraryAudio({ audio_uuid: 'a5', core_processing_status: 'COMPLETE' });
    h.audio.createDraft.mockResolvedValueOnce({
      audio_uuid: 'a5',
      existing: true,
      upload_url: null,
      audio: existing,
    });
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('done'));
    expect(h.row()?.serverId).toBe('a5');
    expect(h.library.rememberAudio).toHaveBeenCalledWith(existing);
    expect(h.audio.sendBytes).not.toHaveBeenCalled();
  });

  it('waits while offline and starts on its own when the connection returns', async () => {
    const h = harness();
    // Whether the connection was up at each draft: a draft asked for while offline shows here
    // however late it came.
    const onlineAtDraft: boolean[] = [];
    const draft = h.audio.createDraft.getMockImplementation()!;
    h.audio.createDraft.mockImplementation((...args) => {
      onlineAtDraft.push(h.network.online);
      return draft(...args);
    });
    let looks = 0;
    const list = h.store.list;
    h.store.list = () => {
      looks++;
      return list();
    };
    h.network.online = false;
    started(h);
    await h.runner.enqueue([uploadRow()]);
    // The runner has decided about the queued row once it looks at the queue again: woken
    // while it waits, or on its own after starting the row.
    const seen = looks;
    await vi.waitFor(() => {
      h.runner.poke();
      expect(looks).toBeGreaterThan(seen + 1);
    });
    expect(h.stateOf()).toBe('queued');
    h.network.goOnline();
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(onlineAtDraft).toEqual([true]);
  });

  it('a dropped connection keeps the draft and resumes the same tus upload when back online', async () => {
    const h = started(harness());
    h.audio.sendBytes.mockImplementationOnce(async (_file, _url, { onProgress }) => {
      onProgress(400, 1000);
      h.network.online = false;
      throw new ApiError({ status: 0, message: 'Failed to fetch' });
    });
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.row()?.error).toBe(RUNNER_MESSAGES.connectionLost));
    expect(h.row()).toMatchObject({
      state: 'queued',
      serverId: 'a1',
      uploadUrl: UPLOAD_URL,
      bytesSent: 400,
      percent: 40,
      retryAt: null,
    });
    h.network.goOnline();
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);
    expect(h.audio.sendBytes).toHaveBeenCalledTimes(2);
    expect(h.audio.sendBytes.mock.calls[1]?.[1]).toBe(UPLOAD_URL);
  });

  it('a server error waits (2 s, then longer) and tries again', async () => {
    const h = started(harness());
    h.audio.sendBytes.mockRejectedValueOnce(new ApiError({ status: 503, message: 'down' }));
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.row()?.error).toBe(RUNNER_MESSAGES.serverTrouble));
    expect(h.row()?.retryAt).toBe(12_000);
    await vi.waitFor(() => expect(h.timers.delays()).toContain(2000));
    h.clock.now = 12_000;
    h.timers.runAll();
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
  });

  it('a 429 waits 5 s', async () => {
    const h = started(harness());
    h.audio.createDraft.mockRejectedValueOnce(new ApiError({ status: 429, message: 'slow down' }));
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.row()?.error).toBe(RUNNER_MESSAGES.serverBusy));
    expect(h.row()?.retryAt).toBe(15_000);
  });

  it('a refused file fails with the server message', async () => {
    const h = started(harness());
    h.audio.createDraft.mockRejectedValueOnce(
      new ApiError({
        status: 413,
        exc: 'AudioTooLarge',
        message: 'Audio files can be up to 500 MB.',
      }),
    );
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('failed'));
    expect(h.row()?.error).toBe('Audio files can be up to 500 MB.');
  });

  it('an upload the server lost (410) starts over with a new draft', async () => {
    const h = started(harness());
    h.audio.sendBytes.mockRejectedValueOnce(
      new ApiError({ status: 410, exc: 'UploadGone', message: 'expired' }),
    );
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.audio.createDraft).toHaveBeenCalledTimes(2);
  });

  it('finalising too early (409 UploadIncomplete) sends the rest, then finalises', async () => {
    const h = started(harness());
    h.audio.finalize.mockRejectedValueOnce(
      new ApiError({ status: 409, exc: 'UploadIncomplete', message: 'not yet' }),
    );
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.audio.sendBytes).toHaveBeenCalledTimes(2);
    expect(h.audio.finalize).toHaveBeenCalledTimes(2);
  });

  it('a duplicate at finalize answers the existing track', async () => {
    const h = started(harness());
    h.audio.finalize.mockResolvedValueOnce({
      audio: libraryAudio({ audio_uuid: 'a3', core_processing_status: 'COMPLETE' }),
      duplicate: true,
    });
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('done'));
    expect(h.row()).toMatchObject({ serverId: 'a3', note: RUNNER_MESSAGES.duplicateTrack });
  });

  it('cancel aborts the transfer, drops the draft on the server and removes the row', async () => {
    const h = started(harness());
    let aborted = false;
    h.audio.sendBytes.mockImplementationOnce(
      (_file, _url, { onProgress, signal }) =>
        new Promise((_resolve, reject) => {
          onProgress(100, 1000);
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new ApiError({ status: 0, message: 'stopped' }));
          });
        }),
    );
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.row()?.bytesSent).toBe(100));
    await h.runner.cancel('u1');
    expect(aborted).toBe(true);
    expect(h.audio.abort).toHaveBeenCalledWith('a1');
    expect(h.row()).toBeUndefined();
    expect(h.audio.finalize).not.toHaveBeenCalled();
  });

  it('after a reload, an upload that was under way resumes with its stored tus URL', async () => {
    const h = harness();
    await h.store.add([
      uploadRow({
        state: 'uploading',
        serverId: 'a1',
        uploadUrl: UPLOAD_URL,
        bytesSent: 300,
        percent: 30,
      }),
    ]);
    started(h);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.audio.sendBytes.mock.calls[0]?.[1]).toBe(UPLOAD_URL);
  });

  it('at start, finished uploads older than an hour leave the list', async () => {
    const h = harness();
    await h.store.add([
      uploadRow({ id: 'old', state: 'done', file: null, updatedAt: 10_000 - FINISHED_KEPT_MS - 1 }),
      uploadRow({ id: 'new', state: 'done', file: null, updatedAt: 9_000 }),
      uploadRow({ id: 'failed', state: 'failed', file: null, updatedAt: 0 }),
    ]);
    started(h);
    await vi.waitFor(() => expect(h.row('old')).toBeUndefined());
    expect(h.stateOf('new')).toBe('done');
    expect(h.stateOf('failed')).toBe('failed');
  });

  it('after a reload, an item still processing is watched again', async () => {
    const h = harness();
    await h.store.add([uploadRow({ state: 'processing', serverId: 'a1', file: null })]);
    started(h);
    await vi.waitFor(() => expect(h.watched).toEqual([['audio', 'a1']]));
  });

  it('signing out stops the transfer and leaves the upload to resume later', async () => {
    const h = started(harness());
    h.audio.sendBytes.mockImplementationOnce(
      (_file, _url, { onProgress, signal }) =>
        new Promise((_resolve, reject) => {
          onProgress(200, 1000);
          signal.addEventListener('abort', () =>
            reject(new ApiError({ status: 0, message: 'stopped' })),
          );
        }),
    );
    await h.runner.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(h.row()?.bytesSent).toBe(200));
    h.runner.stop();
    await vi.waitFor(() => expect(h.stateOf()).toBe('queued'));
    expect(h.row()).toMatchObject({ serverId: 'a1', uploadUrl: UPLOAD_URL, bytesSent: 200 });
    expect(h.audio.abort).not.toHaveBeenCalled();
  });

  it('works through several files one at a time, oldest first', async () => {
    const h = started(harness());
    const order: string[] = [];
    h.audio.createDraft.mockImplementation(async (draft) => {
      order.push(draft.file_name);
      return {
        audio_uuid: draft.file_name,
        existing: false,
        upload_url: `/up/${draft.file_name}`,
        audio: null,
      };
    });
    await h.runner.enqueue([
      uploadRow({ id: 'b', fileName: 'b.mp3', createdAt: 2 }),
      uploadRow({ id: 'a', fileName: 'a.mp3', createdAt: 1 }),
    ]);
    await vi.waitFor(() => expect(h.stateOf('b')).toBe('processing'));
    expect(order).toEqual(['a.mp3', 'b.mp3']);
  });
});

describe('the upload runner: images', () => {
  const imageRow = uploadRow({
    kind: 'image',
    fileName: 'cover.jpg',
    mimetype: 'image/jpeg',
    durationSeconds: null,
    imageType: 'logo',
    imageName: 'cover',
  });

  it('uploads the image with its name and type, then waits for processing', async () => {
    const h = started(harness());
    await h.runner.enqueue([imageRow]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    expect(h.image.upload.mock.calls[0]?.[1]).toEqual({
      fileName: 'cover.jpg',
      imageName: 'cover',
      imageType: 'logo',
    });
    expect(h.watched).toEqual([['image', 'i1']]);
    await h.runner.settle({ kind: 'image', serverId: 'i1', outcome: 'COMPLETE', error: null });
    expect(h.stateOf()).toBe('done');
  });

  it('the same picture twice is done at once, with a note', async () => {
    const h = started(harness());
    h.image.upload.mockResolvedValueOnce({
      image: libraryImage({ image_uuid: 'i0', status: 'COMPLETE' }),
      duplicate: true,
    });
    await h.runner.enqueue([imageRow]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('done'));
    expect(h.row()).toMatchObject({ serverId: 'i0', note: RUNNER_MESSAGES.duplicateImage });
  });

  it('an unsupported picture fails with the server message; deleted images end failed', async () => {
    const h = started(harness());
    h.image.upload.mockRejectedValueOnce(
      new ApiError({ status: 415, exc: 'UnsupportedImage', message: 'This file is not a picture' }),
    );
    await h.runner.enqueue([imageRow]);
    await vi.waitFor(() => expect(h.stateOf()).toBe('failed'));
    expect(h.row()?.error).toBe('This file is not a picture');
    // Failed before the server kept anything: the file can be sent again.
    await h.runner.retry('u1');
    await vi.waitFor(() => expect(h.stateOf()).toBe('processing'));
    await h.runner.settle({ kind: 'image', serverId: 'i1', outcome: 'GONE', error: null });
    expect(h.row()).toMatchObject({ state: 'failed', error: RUNNER_MESSAGES.imageGone });
  });
});

describe('the upload runner in the service worker: one drain per wake', () => {
  const chunked =
    (h: ReturnType<typeof harness>, chunk: number, onChunk?: () => void) =>
    async (file: Blob, _url: string, options: TusSendOptions) => {
      // What the tus sender does: from the server's offset, a chunk at a time, a pause between.
      let offset = h.row()?.bytesSent ?? 0;
      while (offset < file.size) {
        if (options.shouldPause?.()) throw new TusPaused();
        offset = Math.min(file.size, offset + chunk);
        options.onProgress(offset, file.size);
        onChunk?.();
      }
    };

  it('sends every queued file, then ends idle, with each file’s row handed over after its turn', async () => {
    const seen: Array<string | undefined> = [];
    const h = harness();
    const runner = new UploadRunner({
      ...h.runnerDeps,
      afterEach: async (row) => void seen.push(row?.state),
    });
    await h.store.add([
      uploadRow({ id: 'u1' }),
      uploadRow({ id: 'u2', kind: 'image', fileName: 'cover.jpg', imageType: 'album_art' }),
    ]);
    expect(await runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect([h.stateOf('u1'), h.stateOf('u2')]).toEqual(['processing', 'processing']);
    expect(seen).toEqual(['processing', 'processing']);
  });

  it('offline, it ends at once and sends nothing', async () => {
    const h = harness();
    h.network.online = false;
    await h.store.add([uploadRow()]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('offline');
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.stateOf()).toBe('queued');
  });

  it('a wake that comes with the connection waits a moment for the context to see it, then sends', async () => {
    const h = harness();
    h.network.online = false;
    await h.store.add([uploadRow()]);
    const drained = h.runner.drain(h.clock.now + 60_000, { onlineWithinMs: 10_000 });
    await vi.waitFor(() => expect(h.timers.count()).toBe(1));
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    h.network.goOnline();
    expect(await drained).toBe('idle');
    expect(h.stateOf()).toBe('processing');
    expect(h.network.listeners.size).toBe(0);
  });

  it('if the connection is still not seen when that moment is over, it ends offline', async () => {
    const h = harness();
    h.network.online = false;
    await h.store.add([uploadRow()]);
    const drained = h.runner.drain(h.clock.now + 60_000, { onlineWithinMs: 10_000 });
    await vi.waitFor(() => expect(h.timers.count()).toBe(1));
    h.clock.now += 10_000;
    h.timers.runAll();
    expect(await drained).toBe('offline');
    expect(h.stateOf()).toBe('queued');
  });

  it('when its time is up it pauses between two chunks, keeping every byte; the next drain goes on from there', async () => {
    const h = harness();
    const deadline = h.clock.now + 1_000;
    // Each chunk takes 400 ms of the wake's time.
    h.audio.sendBytes.mockImplementation(chunked(h, 100, () => (h.clock.now += 400)));
    await h.store.add([uploadRow()]);
    expect(await h.runner.drain(deadline)).toBe('paused');
    expect(h.row()).toMatchObject({ state: 'queued', bytesSent: 300, error: null, attempts: 0 });
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);

    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.stateOf()).toBe('processing');
    // The same draft, resumed: no second one.
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);
  });

  it('a retry due before its end is waited for; one due after it ends the drain as waiting', async () => {
    const h = harness();
    h.audio.createDraft.mockRejectedValueOnce(new ApiError({ status: 503, message: 'down' }));
    await h.store.add([uploadRow()]);
    const drained = h.runner.drain(h.clock.now + 60_000);
    await vi.waitFor(() => expect(h.timers.count()).toBe(1));
    expect(h.row()?.retryAt).toBe(h.clock.now + 2000);
    h.clock.now += 2000;
    h.timers.runAll();
    expect(await drained).toBe('idle');
    expect(h.stateOf()).toBe('processing');

    h.audio.createDraft.mockRejectedValueOnce(new ApiError({ status: 503, message: 'down' }));
    await h.store.add([uploadRow({ id: 'u2' })]);
    expect(await h.runner.drain(h.clock.now + 1000)).toBe('waiting');
    expect(h.stateOf('u2')).toBe('queued');
  });

  it('two wakes at once share one drain: each file is sent once', async () => {
    const h = harness();
    await h.store.add([uploadRow()]);
    const [a, b] = [h.runner.drain(h.clock.now + 60_000), h.runner.drain(h.clock.now + 60_000)];
    expect(await a).toBe('idle');
    expect(await b).toBe('idle');
    expect(h.audio.sendBytes).toHaveBeenCalledTimes(1);
  });

  it('signed out on the server, it stops rather than ask again and again', async () => {
    const h = harness();
    h.audio.createDraft.mockRejectedValue(new ApiError({ status: 401, message: 'Sign in' }));
    await h.store.add([uploadRow(), uploadRow({ id: 'u2' })]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('signed-out');
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);
    expect(h.row()).toMatchObject({ state: 'queued', error: RUNNER_MESSAGES.signedOut });
  });

  it('a transfer left under way by a worker that was stopped (an update) goes on from the server’s offset', async () => {
    const h = harness();
    await h.store.add([
      uploadRow({ state: 'uploading', serverId: 'a1', uploadUrl: UPLOAD_URL, bytesSent: 600 }),
    ]);
    h.audio.sendBytes.mockImplementation(chunked(h, 200));
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.audio.sendBytes.mock.calls[0]?.[1]).toBe(UPLOAD_URL);
    expect(h.stateOf()).toBe('processing');
  });
});

describe('the upload runner: a file goes up only with its owner’s session', () => {
  const OTHER_USER = 'user-2';

  it('another user’s file is never sent while the server says this user is signed in; their own is', async () => {
    const h = harness();
    h.session.user = OTHER_USER;
    await h.store.add([
      uploadRow({ id: 'theirs', createdAt: 1 }),
      uploadRow({ id: 'mine', ownerId: OTHER_USER, createdAt: 2 }),
    ]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.stateOf('mine')).toBe('processing');
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);
    expect(h.row('theirs')).toMatchObject({ state: 'queued', serverId: null, bytesSent: 0 });

    // The page's runner, the same.
    const page = started(harness());
    page.session.user = OTHER_USER;
    await page.runner.enqueue([uploadRow({ id: 'theirs' })]);
    await vi.waitFor(() => expect(page.signedInUser).toHaveBeenCalled());
    page.runner.poke();
    await vi.waitFor(() => expect(page.signedInUser).toHaveBeenCalledTimes(2));
    expect(page.audio.createDraft).not.toHaveBeenCalled();
    expect(page.stateOf('theirs')).toBe('queued');
  });

  it('a file tied to the first user’s draft that gets 404 under the next user’s session does not start again for them', async () => {
    // The first user's upload is under way when someone else signs in on this device: the next
    // chunk carries the new cookie, the server does not know that upload for them (404), and the
    // file would start over with a new draft, in the new user's library.
    const h = harness();
    await h.store.add([uploadRow({ serverId: 'a1', uploadUrl: UPLOAD_URL, bytesSent: 400 })]);
    h.audio.sendBytes.mockImplementationOnce(async () => {
      h.session.user = OTHER_USER;
      throw new ApiError({ status: 404, exc: 'NotFound', message: 'No such upload' });
    });
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.audio.sendBytes).toHaveBeenCalledTimes(1);
    expect(h.stateOf()).toBe('queued');

    // Its owner signed in again: it goes, with a new draft.
    h.session.user = ROW_OWNER;
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.audio.createDraft).toHaveBeenCalledTimes(1);
    expect(h.stateOf()).toBe('processing');
  });

  it('while the server cannot say who is signed in (a deploy’s 503, a 429), nothing is sent; it looks again shortly', async () => {
    const h = harness();
    h.session.failure = new ApiError({ status: 503, message: 'deploying' });
    await h.store.add([uploadRow()]);
    expect(await h.runner.drain(h.clock.now + 1_000)).toBe('waiting');
    expect(h.audio.createDraft).not.toHaveBeenCalled();

    h.session.failure = new ApiError({ status: 429, message: 'slow down' });
    const drained = h.runner.drain(h.clock.now + 60_000);
    await vi.waitFor(() => expect(h.timers.delays()).toEqual([5_000]));
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    h.session.failure = null;
    h.clock.now += 5_000;
    h.timers.runAll();
    expect(await drained).toBe('idle');
    expect(h.stateOf()).toBe('processing');
  });

  it('nobody signed in on the server: it ends signed out and sends nothing', async () => {
    const h = harness();
    h.session.user = null;
    await h.store.add([uploadRow()]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('signed-out');
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.stateOf()).toBe('queued');
  });

  it('a file queued before files carried an owner is never sent as it is', async () => {
    const h = harness();
    await h.store.add([uploadRow({ ownerId: null })]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.audio.createDraft).not.toHaveBeenCalled();
    expect(h.stateOf()).toBe('queued');
  });

  it('with nothing to send, it does not ask the server', async () => {
    const h = harness();
    await h.store.add([uploadRow({ state: 'done' })]);
    expect(await h.runner.drain(h.clock.now + 60_000)).toBe('idle');
    expect(h.signedInUser).not.toHaveBeenCalled();
  });
});
