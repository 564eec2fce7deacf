// Keeps the saved library in step with the server: fetches the lists when they are missing or
// stale, and polls the processing of images and tracks while any is unfinished.
import { failureOf } from '../../api/api-error';
import type { VideoStatusAnswer } from '../../api/videos';
import type {
  AudioStatusAnswer,
  ImageStatusAnswer,
  LibraryAudio,
  LibraryImage,
} from '../../api/media';
import type { UploadKind } from '../../db/media-tables';
import type { LibraryCache, ListKey } from './library-cache';
import { ListRefresher, type ListStatus } from '../../lib/list-refresh';
import { isFinalAudioStatus, isFinalImageStatus, type ProcessedItem } from '../../lib/media-status';
import type { Network } from '../../lib/network';
import type { Timer } from '../../lib/timer';
import {
  AUDIO_POLL_INTERVAL_MS,
  IMAGE_POLL_INTERVAL_MS,
  VIDEO_POLL_INTERVAL_MS,
  nextPollDelay,
  type PollOutcome,
} from './sync-rules';

export interface LibraryApi {
  fetchImages(): Promise<LibraryImage[]>;
  fetchAudios(): Promise<LibraryAudio[]>;
  fetchImageStatuses(imageUuids: string[]): Promise<ImageStatusAnswer[]>;
  fetchAudioStatuses(audioUuids: string[]): Promise<AudioStatusAnswer[]>;
  /** Clips of the video library being processed (their list lives on the loop screens). */
  fetchVideoStatuses(videoUuids: string[]): Promise<VideoStatusAnswer[]>;
}

export interface LibrarySyncDeps {
  api: LibraryApi;
  cache: LibraryCache;
  network: Network;
  now: () => number;
  setTimer: Timer;
  /** Calls `listener` when the app comes back to the foreground; returns the unsubscribe. */
  onForeground?: (listener: () => void) => () => void;
}

/** The tab became visible again. */
export function browserForeground(listener: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export type { ListStatus };

export type SyncStatus = Record<ListKey, ListStatus>;

/** Runs a round of polling now and then, as nextPollDelay says, until told to stop. */
class StatusPoller {
  private cancelTimer: (() => void) | null = null;
  private inRound = false;
  private kickedInRound = false;
  private active = false;

  constructor(
    private readonly intervalMs: number,
    private readonly round: () => Promise<PollOutcome>,
    private readonly setTimer: Timer,
  ) {}

  start(): void {
    this.active = true;
  }

  /** Polls after `delayMs` (the interval by default) unless a round is already due. */
  kick(delayMs = this.intervalMs): void {
    if (!this.active) return;
    if (this.inRound) {
      this.kickedInRound = true;
      return;
    }
    if (!this.cancelTimer) this.schedule(delayMs);
  }

  stop(): void {
    this.active = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private schedule(ms: number): void {
    this.cancelTimer = this.setTimer(() => {
      this.cancelTimer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    this.inRound = true;
    this.kickedInRound = false;
    let outcome: PollOutcome;
    try {
      outcome = await this.round();
    } catch (error) {
      outcome = { kind: 'failed', status: failureOf(error).status };
    } finally {
      this.inRound = false;
    }
    if (!this.active) return;
    const delay =
      nextPollDelay(outcome, this.intervalMs) ?? (this.kickedInRound ? this.intervalMs : null);
    if (delay !== null && !this.cancelTimer) this.schedule(delay);
  }
}

export class LibrarySync {
  private started = false;
  private readonly lists: ListRefresher<ListKey>;
  private readonly processedListeners = new Set<(item: ProcessedItem) => void>();
  private readonly watched: Record<UploadKind, Set<string>> = {
    audio: new Set(),
    image: new Set(),
    video: new Set(),
  };
  private readonly pollers: Record<UploadKind, StatusPoller>;
  private stopOnlineListener: (() => void) | null = null;
  private stopForegroundListener: (() => void) | null = null;

  constructor(private readonly deps: LibrarySyncDeps) {
    const { api, cache } = deps;
    this.lists = new ListRefresher<ListKey>({
      keys: ['images', 'audios'],
      network: deps.network,
      now: deps.now,
      setTimer: deps.setTimer,
      fetchedAt: (key) => cache.fetchedAt(key),
      fetchAndSave: async (key, wanted) => {
        if (key === 'images') {
          const images = await api.fetchImages();
          if (wanted()) await cache.replaceImages(images, deps.now());
        } else {
          const audios = await api.fetchAudios();
          if (wanted()) await cache.replaceAudios(audios, deps.now());
        }
      },
      onFetched: (key) => this.pollers[key === 'images' ? 'image' : 'audio'].kick(),
    });
    this.pollers = {
      audio: new StatusPoller(AUDIO_POLL_INTERVAL_MS, () => this.audioRound(), deps.setTimer),
      image: new StatusPoller(IMAGE_POLL_INTERVAL_MS, () => this.imageRound(), deps.setTimer),
      video: new StatusPoller(VIDEO_POLL_INTERVAL_MS, () => this.videoRound(), deps.setTimer),
    };
  }

  /** Starts keeping the library fresh (signed in). Safe to call again. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.lists.start();
    this.pollers.audio.start();
    this.pollers.image.start();
    this.pollers.video.start();
    this.stopOnlineListener = this.deps.network.onOnline(() => {
      // Back online: what changed meanwhile is fetched, and processing is checked at once.
      void this.refresh('images', { force: true });
      void this.refresh('audios', { force: true });
      this.pollers.audio.kick(0);
      this.pollers.image.kick(0);
      this.pollers.video.kick(0);
    });
    // A tab left open for hours fetches what went stale when the user returns to it.
    this.stopForegroundListener = this.deps.onForeground?.(() => void this.ensureFresh()) ?? null;
    void this.ensureFresh();
    this.pollers.audio.kick();
    this.pollers.image.kick();
  }

  /** Stops every timer and forgets what was fetched (signed out). */
  stop(): void {
    this.started = false;
    this.pollers.audio.stop();
    this.pollers.image.stop();
    this.pollers.video.stop();
    this.stopOnlineListener?.();
    this.stopOnlineListener = null;
    this.stopForegroundListener?.();
    this.stopForegroundListener = null;
    this.lists.stop();
    this.watched.audio.clear();
    this.watched.image.clear();
    this.watched.video.clear();
  }

  isStarted(): boolean {
    return this.started;
  }

  /** Fetches each list that is missing, not yet fetched since the app started, or stale. */
  async ensureFresh(): Promise<void> {
    await Promise.all([this.refresh('images'), this.refresh('audios')]);
  }

  /** Fetches a list when needed (or always, with force); concurrent calls share one fetch. */
  refresh(key: ListKey, options: { force?: boolean } = {}): Promise<void> {
    return this.lists.refresh(key, options);
  }

  /** Polls an item the server is processing until it is final. */
  watch(kind: UploadKind, serverId: string): void {
    this.watched[kind].add(serverId);
    this.pollers[kind].kick();
  }

  /** Polls soon: something may have started processing (a new upload, another device). */
  poll(kind: UploadKind): void {
    this.pollers[kind].kick();
  }

  onProcessed(listener: (item: ProcessedItem) => void): () => void {
    this.processedListeners.add(listener);
    return () => this.processedListeners.delete(listener);
  }

  getStatus = (): SyncStatus => this.lists.getStatus();

  subscribe = (listener: () => void): (() => void) => this.lists.subscribe(listener);

  private emit(item: ProcessedItem): void {
    for (const listener of this.processedListeners) listener(item);
  }

  private async audioRound(): Promise<PollOutcome> {
    const { api, cache, network } = this.deps;
    if (!network.isOnline()) return { kind: 'failed', status: 0 };
    const cached = await cache.audios();
    const ids = unique([
      ...cached
        .filter((audio) => !isFinalAudioStatus(audio.core_processing_status))
        .map((audio) => audio.audio_uuid),
      ...this.watched.audio,
    ]);
    if (ids.length === 0) return { kind: 'idle' };
    const statuses = await api.fetchAudioStatuses(ids);
    if (!this.started) return { kind: 'idle' };
    await cache.putAudios(statuses.map((status) => status.audio));
    const answered = new Set(statuses.map((status) => status.audio_uuid));
    const gone = ids.filter((id) => !answered.has(id));
    await cache.removeAudios(gone);
    for (const id of gone) {
      this.watched.audio.delete(id);
      this.emit({ kind: 'audio', serverId: id, outcome: 'GONE', error: null });
    }
    let stillProcessing = 0;
    let newArtwork = false;
    const knownImages = new Set((await cache.images()).map((image) => image.image_uuid));
    for (const status of statuses) {
      if (!isFinalAudioStatus(status.core_processing_status)) {
        stillProcessing++;
        continue;
      }
      this.watched.audio.delete(status.audio_uuid);
      const artwork = status.audio.artwork_image_uuid;
      if (artwork && !knownImages.has(artwork)) newArtwork = true;
      this.emit({
        kind: 'audio',
        serverId: status.audio_uuid,
        outcome: status.core_processing_status === 'COMPLETE' ? 'COMPLETE' : 'FAILED',
        error: status.error,
      });
    }
    // Processing made an image of the track's embedded cover: the image list has it now.
    if (newArtwork) void this.refresh('images', { force: true });
    return { kind: 'answered', stillProcessing };
  }

  private async imageRound(): Promise<PollOutcome> {
    const { api, cache, network } = this.deps;
    if (!network.isOnline()) return { kind: 'failed', status: 0 };
    const cached = await cache.images();
    const ids = unique([
      ...cached
        .filter((image) => !isFinalImageStatus(image.status))
        .map((image) => image.image_uuid),
      ...this.watched.image,
    ]);
    if (ids.length === 0) return { kind: 'idle' };
    const statuses = await api.fetchImageStatuses(ids);
    if (!this.started) return { kind: 'idle' };
    await cache.putImages(statuses.map((status) => status.image));
    const answered = new Set(statuses.map((status) => status.image_uuid));
    const gone = ids.filter((id) => !answered.has(id));
    await cache.removeImages(gone);
    for (const id of gone) {
      this.watched.image.delete(id);
      this.emit({ kind: 'image', serverId: id, outcome: 'GONE', error: null });
    }
    let stillProcessing = 0;
    for (const status of statuses) {
      if (!isFinalImageStatus(status.status)) {
        stillProcessing++;
        continue;
      }
      this.watched.image.delete(status.image_uuid);
      this.emit({
        kind: 'image',
        serverId: status.image_uuid,
        outcome: status.status === 'COMPLETE' ? 'COMPLETE' : 'FAILED',
        error: status.image.error,
      });
    }
    return { kind: 'answered', stillProcessing };
  }

  /** Clips being processed after an upload: only the watched ones (no list is kept here). */
  private async videoRound(): Promise<PollOutcome> {
    const { api, network } = this.deps;
    if (!network.isOnline()) return { kind: 'failed', status: 0 };
    const ids = [...this.watched.video];
    if (ids.length === 0) return { kind: 'idle' };
    const statuses = await api.fetchVideoStatuses(ids);
    if (!this.started) return { kind: 'idle' };
    let stillProcessing = 0;
    for (const status of statuses) {
      if (status.processing_status === 'PROGRESSING') {
        stillProcessing++;
        continue;
      }
      this.watched.video.delete(status.video_uuid);
      this.emit({
        kind: 'video',
        serverId: status.video_uuid,
        outcome: status.processing_status === 'NotFound' ? 'GONE' : status.processing_status,
        error: status.error,
      });
    }
    return { kind: 'answered', stillProcessing };
  }
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
