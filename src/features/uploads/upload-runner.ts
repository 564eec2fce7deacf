// Works through the upload queue one file at a time: waits for a connection, sends the bytes
// (resumable for audio and video), hands the file to the server's processing, and puts every
// outcome into the queue's rows. Everything it talks to comes in as a dependency, so the same
// runner works the queue in the service worker (drain: until nothing more can be done now, within
// an event's time) and, where no service worker runs, in a page (start: for as long as the page
// is open); tests drive it with their own.
import { failureOf, isApiError } from '../../api/api-error';
import type {
  AudioDraftAnswer,
  AudioDraftRequest,
  LibraryAudio,
  LibraryImage,
} from '../../api/media';
import type { UserVideo, VideoDraftAnswer, VideoDraftRequest } from '../../api/videos';
import type { UploadRow } from '../../db/media-tables';
import type { Network } from '../../lib/network';
import {
  isFinalAudioStatus,
  isFinalImageStatus,
  RATE_LIMITED_RETRY_MS,
  type ProcessedItem,
} from '../../lib/media-status';
import type { Timer } from '../../lib/timer';
import { matchingTrack, UPLOAD_MESSAGES } from './upload-checks';
import type { TusSendOptions } from '../../api/tus-upload';
import { TusPaused } from '../../api/tus-upload';
import { canCancel, canRetry, type UploadEvent } from './upload-machine';
import { backoffAfter, DEFAULT_CHUNK_BYTES } from './upload-settings';
import { SpeedMeter } from './upload-speed';
import type { UploadStore } from './upload-store';

export interface UploadRunnerDeps {
  store: UploadStore;
  network: Network;
  audio: {
    createDraft(draft: AudioDraftRequest): Promise<AudioDraftAnswer>;
    /** Sends the bytes the server does not hold yet (tus); TusPaused when asked to pause. */
    sendBytes(file: Blob, uploadUrl: string, options: TusSendOptions): Promise<void>;
    finalize(audioUuid: string): Promise<{ audio: LibraryAudio; duplicate: boolean }>;
    abort(audioUuid: string): Promise<unknown>;
  };
  /** Clips of the video library: the same resumable path as audio, no match before. */
  video: {
    createDraft(draft: VideoDraftRequest): Promise<VideoDraftAnswer>;
    finalize(videoUuid: string): Promise<UserVideo>;
    abort(videoUuid: string): Promise<unknown>;
  };
  image: {
    upload(
      file: Blob,
      fields: {
        fileName: string;
        imageName: string;
        imageType: NonNullable<UploadRow['imageType']>;
      },
      options: { onProgress: (sent: number, total: number) => void; signal: AbortSignal },
    ): Promise<{ image: LibraryImage; duplicate: boolean }>;
  };
  library: {
    /** Completed tracks as last seen, for the match before any upload (spec 5). */
    knownAudios(): Promise<LibraryAudio[]>;
    rememberAudio(audio: LibraryAudio): Promise<void>;
    rememberImage(image: LibraryImage): Promise<void>;
    /** Polls the server's processing of this item until it is final. */
    watch(kind: UploadRow['kind'], serverId: string): void;
  };
  /**
   * Runs `run` while this context holds the queue (one runner at a time, across tabs and the
   * service worker); resolves with its answer.
   */
  exclusively<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /**
   * Who the server says is signed in with the cookies this context sends: their user_uuid, or an
   * ApiError (401 when nobody is). Asked before each file's turn, so a file goes up only with its
   * owner's session, never with whoever signed in on this device after them.
   */
  signedInUser(): Promise<string>;
  /** Called after each file's turn with its row as it then stands (null: removed). */
  afterEach?: (row: UploadRow | null) => Promise<void>;
  now: () => number;
  setTimer: Timer;
  /** Least time between two progress writes (ms). */
  progressEveryMs?: number;
}

export const RUNNER_MESSAGES = {
  connectionLost: 'Connection lost: the upload continues when it is back.',
  resumed: 'Interrupted: continuing where it stopped.',
  serverBusy: 'The server is busy: trying again shortly.',
  serverTrouble: 'The server had a problem: trying again shortly.',
  signedOut: 'Sign in again to continue this upload.',
  fileMissing: 'This file is no longer on this device: add it again.',
  duplicateTrack: 'Same audio as a track already in your library.',
  duplicateImage: 'Same picture as an image already in your library.',
  trackGone: 'This track was deleted.',
  imageGone: 'This image was deleted.',
  failed: 'The upload failed. Try again.',
} as const;

/** Finished uploads stay listed this long (ms), then go at the next start. */
export const FINISHED_KEPT_MS = 60 * 60 * 1000;

/** Thrown inside a transfer when the row was cancelled or removed meanwhile. */
class Stopped extends Error {}

/**
 * How a drain ended: idle (nothing left to send), offline, waiting (the next try is due after the
 * drain's end), paused (its time is up: the transfer under way paused between two chunks),
 * signed-out (the server wants a new sign-in).
 */
export type DrainEnd = 'idle' | 'offline' | 'waiting' | 'paused' | 'signed-out';

/** What the queue holds for the runner right now. */
type NextWork =
  | { row: UploadRow }
  | { idle: true }
  | { offline: true }
  /** The server says nobody is signed in. */
  | { signedOut: true }
  /** Nothing is due before this time (ms). */
  | { dueAt: number };

export class UploadRunner {
  private running = false;
  /** Bumped by every start, so a loop left over from before a stop ends on its own. */
  private generation = 0;
  private lockAbort: AbortController | null = null;
  private current: { id: string; controller: AbortController } | null = null;
  private wake: (() => void) | null = null;
  private stopOnline: (() => void) | null = null;
  private draining: Promise<DrainEnd> | null = null;
  /** The running drain ends at this time (ms); a transfer pauses between chunks once it passes. */
  private drainUntil = Infinity;
  /** The server answered 401: nothing more is sent until a new start or drain. */
  private signedOut = false;

  constructor(private readonly deps: UploadRunnerDeps) {}

  /** Starts working through the queue (signed in); unfinished uploads resume. Safe to repeat. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.signedOut = false;
    this.stopOnline = this.deps.network.onOnline(() => this.poke());
    const lock = new AbortController();
    this.lockAbort = lock;
    const generation = ++this.generation;
    this.deps
      .exclusively(() => this.loop(generation), lock.signal)
      .catch(() => undefined)
      .finally(() => {
        if (this.lockAbort === lock) this.running = false;
      });
  }

  /** Stops (signed out): the transfer under way is interrupted, the queue stays as it is. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.lockAbort?.abort();
    this.lockAbort = null;
    this.stopOnline?.();
    this.stopOnline = null;
    this.current?.controller.abort();
    this.poke();
  }

  isRunning(): boolean {
    return this.running;
  }

  /**
   * Works the queue until nothing more can be done now, or until `until` (ms) passes: the service
   * worker's way, inside an event that keeps it alive for a while. A drain already under way
   * takes the later end and looks at the queue again. Resolves how it ended.
   */
  drain(until: number, options: { onlineWithinMs?: number } = {}): Promise<DrainEnd> {
    this.drainUntil = Math.max(this.draining ? this.drainUntil : -Infinity, until);
    if (this.draining) {
      this.poke();
      return this.draining;
    }
    this.signedOut = false;
    const lock = new AbortController();
    const drained = this.deps
      .exclusively(() => this.drainLoop(options.onlineWithinMs ?? 0), lock.signal)
      .finally(() => {
        this.draining = null;
        this.drainUntil = Infinity;
      });
    this.draining = drained;
    return drained;
  }

  /**
   * `onlineWithinMs`: a wake that comes with the connection (Background Sync) waits this long
   * for the context to see it: a service worker's navigator.onLine can trail the browser's.
   */
  private async drainLoop(onlineWithinMs: number): Promise<DrainEnd> {
    await this.recover();
    let waitedForOnline = false;
    for (;;) {
      if (this.signedOut) return 'signed-out';
      if (this.deps.now() >= this.drainUntil) return 'paused';
      const work = await this.nextWork();
      if ('idle' in work) return 'idle';
      if ('signedOut' in work) {
        this.signedOut = true;
        return 'signed-out';
      }
      if ('offline' in work) {
        if (waitedForOnline || onlineWithinMs <= 0) return 'offline';
        waitedForOnline = true;
        const stopListening = this.deps.network.onOnline(() => this.poke());
        await this.sleep(Math.min(onlineWithinMs, this.drainUntil - this.deps.now()));
        stopListening();
        continue;
      }
      if ('dueAt' in work) {
        if (work.dueAt >= this.drainUntil) return 'waiting';
        await this.sleep(work.dueAt - this.deps.now());
        continue;
      }
      await this.process(work.row);
    }
  }

  /** Something changed (a file was added, the connection came back): look at the queue again. */
  poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async enqueue(rows: UploadRow[]): Promise<void> {
    await this.deps.store.add(rows);
    this.poke();
  }

  /**
   * Stops an upload and forgets it: the transfer is aborted, the server drops the partial
   * audio (add-audio-abort), the row is removed.
   */
  async cancel(id: string): Promise<void> {
    const { store, audio } = this.deps;
    const row = await store.get(id);
    if (!row || !canCancel(row)) return;
    await store.apply(id, { type: 'cancel' });
    if (this.current?.id === id) this.current.controller.abort();
    if (row.kind === 'audio' && row.serverId) {
      try {
        await audio.abort(row.serverId);
      } catch {
        // Offline or already gone: nothing of it will be finalised.
      }
    }
    await store.remove(id);
    this.poke();
  }

  async retry(id: string): Promise<void> {
    const row = await this.deps.store.get(id);
    if (!row || !canRetry(row)) return;
    await this.deps.store.apply(id, { type: 'retry' });
    this.poke();
  }

  /** Removes a finished row (done or failed) from the queue. */
  async dismiss(id: string): Promise<void> {
    const row = await this.deps.store.get(id);
    if (row && (row.state === 'done' || row.state === 'failed' || row.state === 'cancelled')) {
      await this.deps.store.remove(id);
    }
  }

  /** The server finished processing something: the upload that sent it is done (or failed). */
  async settle(item: ProcessedItem): Promise<void> {
    const rows = await this.deps.store.list();
    for (const row of rows) {
      if (row.state !== 'processing' || row.kind !== item.kind || row.serverId !== item.serverId) {
        continue;
      }
      const event: UploadEvent =
        item.outcome === 'GONE'
          ? {
              type: 'fail',
              reason: item.kind === 'audio' ? RUNNER_MESSAGES.trackGone : RUNNER_MESSAGES.imageGone,
            }
          : { type: 'processed', outcome: item.outcome, error: item.error };
      await this.deps.store.apply(row.id, event);
    }
  }

  private async loop(generation: number): Promise<void> {
    await this.recover();
    while (this.running && this.generation === generation) {
      const work = await this.nextWork();
      if ('signedOut' in work) {
        // As for a 401 under way: nothing more goes until the page starts the queue again.
        this.signedOut = true;
        this.stop();
      } else if ('row' in work) await this.process(work.row);
      else await this.sleep('dueAt' in work ? work.dueAt - this.deps.now() : null);
    }
  }

  /**
   * The next queued file of the signed-in user whose time has come, or why there is none now.
   * Whose session the requests carry is asked of the server each time (the cookies may have
   * changed since the last file: someone else signed in on this device); rows of anyone else wait
   * for their owner, and rows without an owner (queued before rows had one) are never sent.
   */
  private async nextWork(): Promise<NextWork> {
    const { store, network, now } = this.deps;
    const waiting = (await store.list()).filter((row) => row.state === 'queued');
    if (waiting.length === 0) return { idle: true };
    if (!network.isOnline()) return { offline: true };
    const at = now();
    const dueAt = (rows: UploadRow[]) => Math.min(...rows.map((row) => row.retryAt ?? at));
    if (!waiting.some((row) => (row.retryAt ?? 0) <= at)) return { dueAt: dueAt(waiting) };
    let user: string;
    try {
      user = await this.deps.signedInUser();
    } catch (error) {
      const { status } = failureOf(error);
      if (status === 401) return { signedOut: true };
      if (!network.isOnline()) return { offline: true };
      // A deploy, a busy server, a dropped request: who is signed in is not known, so nothing
      // goes; look again shortly.
      return { dueAt: now() + RATE_LIMITED_RETRY_MS };
    }
    const mine = waiting.filter((row) => row.ownerId === user);
    if (mine.length === 0) return { idle: true };
    const next = mine.find((row) => (row.retryAt ?? 0) <= at);
    if (next) return { row: next };
    return { dueAt: dueAt(mine) };
  }

  /**
   * At start: transfers that were under way (a reload, a closed tab) wait again to resume,
   * items the server is processing are watched again, and old finished rows are cleared.
   */
  private async recover(): Promise<void> {
    const { store, library, now } = this.deps;
    for (const row of await store.list()) {
      if (row.state === 'done' && row.updatedAt < now() - FINISHED_KEPT_MS) {
        await store.remove(row.id);
      } else if (row.state === 'uploading') {
        await store.apply(row.id, {
          type: 'interrupt',
          reason: RUNNER_MESSAGES.resumed,
          retryAt: null,
        });
      } else if (row.state === 'processing' && row.serverId) {
        library.watch(row.kind, row.serverId);
      }
    }
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      let cancelTimer = () => {};
      const done = () => {
        cancelTimer();
        if (this.wake === done) this.wake = null;
        resolve();
      };
      this.wake = done;
      if (ms !== null) cancelTimer = this.deps.setTimer(done, ms);
    });
  }

  private async process(row: UploadRow): Promise<void> {
    const controller = new AbortController();
    this.current = { id: row.id, controller };
    try {
      const started = await this.deps.store.apply(row.id, { type: 'start' });
      if (!started) return;
      if (started.kind === 'audio') await this.uploadAudio(started, controller);
      else if (started.kind === 'video') await this.uploadVideo(started, controller);
      else await this.uploadImage(started, controller);
    } catch (error) {
      await this.failed(row.id, error, controller.signal);
    } finally {
      this.current = null;
    }
    const after = this.deps.afterEach;
    if (after) {
      await this.deps.store
        .get(row.id)
        .then((stored) => after(stored ?? null))
        .catch(() => undefined);
    }
  }

  /** Applies an event; a row that is gone or no longer uploading stops the transfer. */
  private async step(id: string, event: UploadEvent): Promise<UploadRow> {
    const row = await this.deps.store.apply(id, event);
    if (!row) throw new Stopped();
    return row;
  }

  /**
   * Writes progress at most every `progressEveryMs`, and the latest report once that time has
   * passed when no newer one came: a transfer that stalls (a chunk waiting on a slow server)
   * still shows every byte that got through, not the first report of a quick burst.
   */
  private progressReporter(id: string, controller: AbortController) {
    const meter = new SpeedMeter();
    const every = this.deps.progressEveryMs ?? 300;
    let lastWrite = -Infinity;
    let trailing: (() => void) | null = null;
    const write = (sent: number, total: number, speed: number | null, late = false) => {
      lastWrite = this.deps.now();
      void this.deps.store
        .apply(id, { type: 'progress', sent, total, speed })
        .then((row) => {
          // Cancelled here or in another tab, or the queue was cleared (logout); a late write
          // may also find the transfer already finished, which stops nothing.
          if (!row && !late) controller.abort();
        })
        .catch(() => undefined);
    };
    return (sent: number, total: number) => {
      const at = this.deps.now();
      const speed = meter.sample(sent, at);
      trailing?.();
      trailing = null;
      if (at - lastWrite < every && sent < total) {
        trailing = this.deps.setTimer(
          () => {
            trailing = null;
            if (!controller.signal.aborted) write(sent, total, speed, true);
          },
          every - (at - lastWrite),
        );
        return;
      }
      write(sent, total, speed);
    };
  }

  /** Sends the row's file by tus: its chunk size, progress, and a pause once a drain's time is up. */
  private sender(row: UploadRow, controller: AbortController): () => Promise<void> {
    const options: TusSendOptions = {
      chunkBytes: row.chunkBytes ?? DEFAULT_CHUNK_BYTES,
      onProgress: this.progressReporter(row.id, controller),
      signal: controller.signal,
      shouldPause: () => this.deps.now() >= this.drainUntil,
    };
    return () => this.deps.audio.sendBytes(row.file as Blob, row.uploadUrl as string, options);
  }

  private async uploadAudio(row: UploadRow, controller: AbortController): Promise<void> {
    const { audio, library } = this.deps;
    if (!row.file) {
      await this.step(row.id, { type: 'fail', reason: RUNNER_MESSAGES.fileMissing });
      return;
    }
    let current = row;
    if (!current.serverId || !current.uploadUrl) {
      const candidate = {
        fileName: row.fileName,
        mimetype: row.mimetype,
        fileSize: row.fileSize,
        durationSeconds: row.durationSeconds,
      };
      const known = matchingTrack(candidate, await library.knownAudios());
      if (known) {
        await this.step(row.id, {
          type: 'reused',
          serverId: known.audio_uuid,
          note: UPLOAD_MESSAGES.alreadyInLibrary,
        });
        return;
      }
      const draft = await audio.createDraft({
        file_name: row.fileName,
        file_size: row.fileSize,
        mimetype: row.mimetype,
        duration_seconds: row.durationSeconds,
      });
      if (draft.existing) {
        await library.rememberAudio(draft.audio);
        await this.step(row.id, {
          type: 'reused',
          serverId: draft.audio_uuid,
          note: UPLOAD_MESSAGES.alreadyInLibrary,
        });
        return;
      }
      try {
        current = await this.step(row.id, {
          type: 'draft',
          serverId: draft.audio_uuid,
          uploadUrl: draft.upload_url,
        });
      } catch (error) {
        // Cancelled while the draft was being made: the server forgets it too.
        await audio.abort(draft.audio_uuid).catch(() => undefined);
        throw error;
      }
    }
    const serverId = current.serverId as string;
    const send = this.sender(current, controller);
    await send();
    let final: { audio: LibraryAudio; duplicate: boolean };
    try {
      final = await audio.finalize(serverId);
    } catch (error) {
      if (!isApiError(error) || error.exc !== 'UploadIncomplete') throw error;
      // Bytes went missing between the last chunk and now: send what is left, once.
      await send();
      final = await audio.finalize(serverId);
    }
    await library.rememberAudio(final.audio);
    const id = final.audio.audio_uuid;
    await this.step(row.id, {
      type: 'uploaded',
      serverId: id,
      note: final.duplicate ? RUNNER_MESSAGES.duplicateTrack : undefined,
    });
    if (isFinalAudioStatus(final.audio.core_processing_status)) {
      await this.deps.store.apply(row.id, {
        type: 'processed',
        outcome: final.audio.core_processing_status === 'FAILED' ? 'FAILED' : 'COMPLETE',
        error: final.audio.error,
      });
    } else {
      library.watch('audio', id);
    }
  }

  private async uploadVideo(row: UploadRow, controller: AbortController): Promise<void> {
    const { video, library } = this.deps;
    if (!row.file) {
      await this.step(row.id, { type: 'fail', reason: RUNNER_MESSAGES.fileMissing });
      return;
    }
    let current = row;
    if (!current.serverId || !current.uploadUrl) {
      const draft = await video.createDraft({
        file_name: row.fileName,
        file_size: row.fileSize,
        mimetype: row.mimetype,
        duration_seconds: row.durationSeconds,
      });
      try {
        current = await this.step(row.id, {
          type: 'draft',
          serverId: draft.video_uuid,
          uploadUrl: draft.upload_url,
        });
      } catch (error) {
        await video.abort(draft.video_uuid).catch(() => undefined);
        throw error;
      }
    }
    const serverId = current.serverId as string;
    const send = this.sender(current, controller);
    await send();
    let final: UserVideo;
    try {
      final = await video.finalize(serverId);
    } catch (error) {
      if (!isApiError(error) || error.exc !== 'UploadIncomplete') throw error;
      await send();
      final = await video.finalize(serverId);
    }
    await this.step(row.id, { type: 'uploaded', serverId });
    if (final.processing_status !== 'PROGRESSING') {
      await this.deps.store.apply(row.id, {
        type: 'processed',
        outcome: final.processing_status,
        error: final.error,
      });
    } else {
      library.watch('video', serverId);
    }
  }

  private async uploadImage(row: UploadRow, controller: AbortController): Promise<void> {
    const { image, library } = this.deps;
    if (!row.file) {
      await this.step(row.id, { type: 'fail', reason: RUNNER_MESSAGES.fileMissing });
      return;
    }
    const answer = await image.upload(
      row.file,
      {
        fileName: row.fileName,
        imageName: row.imageName ?? row.fileName,
        imageType: row.imageType ?? 'background',
      },
      { onProgress: this.progressReporter(row.id, controller), signal: controller.signal },
    );
    await library.rememberImage(answer.image);
    const id = answer.image.image_uuid;
    await this.step(row.id, {
      type: 'uploaded',
      serverId: id,
      note: answer.duplicate ? RUNNER_MESSAGES.duplicateImage : undefined,
    });
    if (isFinalImageStatus(answer.image.status)) {
      await this.deps.store.apply(row.id, {
        type: 'processed',
        outcome: answer.image.status === 'FAILED' ? 'FAILED' : 'COMPLETE',
        error: answer.image.error,
      });
    } else {
      library.watch('image', id);
    }
  }

  /** Sorts a failure into: wait and resume, start over, or give up with the server's reason. */
  private async failed(id: string, error: unknown, signal: AbortSignal): Promise<void> {
    const { store, network, now } = this.deps;
    if (error instanceof Stopped) return;
    if (error instanceof TusPaused) {
      // A drain's time is up between two chunks: the next one goes on from the server's offset.
      await store.apply(id, { type: 'pause' });
      return;
    }
    if (signal.aborted) {
      // The runner stopped (signed out, a page handing the queue to the service worker): wait to
      // resume. A cancelled row is no longer uploading, so this leaves it alone.
      await store.apply(id, { type: 'interrupt', reason: RUNNER_MESSAGES.resumed, retryAt: null });
      return;
    }
    const row = await store.get(id);
    if (!row) return;
    const { status } = failureOf(error);
    const interrupt = (reason: string, retryAt: number | null) =>
      store.apply(id, { type: 'interrupt', reason, retryAt });
    if (status === 0 || !network.isOnline()) {
      await interrupt(
        RUNNER_MESSAGES.connectionLost,
        network.isOnline() ? now() + backoffAfter(row.attempts + 1) : null,
      );
    } else if (status === 429) {
      await interrupt(RUNNER_MESSAGES.serverBusy, now() + RATE_LIMITED_RETRY_MS);
    } else if (status >= 500) {
      await interrupt(RUNNER_MESSAGES.serverTrouble, now() + backoffAfter(row.attempts + 1));
    } else if (status === 401) {
      await interrupt(RUNNER_MESSAGES.signedOut, null);
      this.signedOut = true;
      this.stop();
    } else if (row.kind === 'audio' && (status === 404 || status === 410) && row.attempts < 3) {
      // The draft or its partial upload expired on the server: send the file again.
      await store.apply(id, { type: 'restart' });
    } else {
      const message = isApiError(error) && error.message ? error.message : RUNNER_MESSAGES.failed;
      await store.apply(id, { type: 'fail', reason: message });
    }
  }
}
