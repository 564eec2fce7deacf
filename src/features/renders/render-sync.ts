// Keeps this device's copy of the user's renders in step with the server: fetches a list when it
// is missing or stale (a 429 is retried after 5 s), and polls render-tasks-status every 5 s while
// a render of that kind is unfinished. The screens read the copy from IndexedDB, so the lists
// also open offline.
import { failureOf } from '../../api/api-error';
import { getDatabase, type WaveframeDatabase } from '../../db/database';
import { ListRefresher, type ListStatus } from '../../lib/list-refresh';
import { browserTimer, type Timer } from '../../lib/timer';
import { browserNetwork, type Network } from '../../lib/network';
import {
  isFinished,
  RENDER_APIS,
  renderKey,
  type CachedRenderRow,
  type RenderKind,
  type RenderKindApi,
  type RenderProgress,
  withSavedUpload,
} from './render-kinds';
import { nextRenderPollDelay, renderTiming, type RenderPollOutcome } from './render-rules';

/** Newest first, as the server lists them. */
export function newestFirst(rows: CachedRenderRow[]): CachedRenderRow[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The saved renders in IndexedDB. */
export class RenderCache {
  constructor(private readonly database: () => WaveframeDatabase = getDatabase) {}

  private get db(): WaveframeDatabase {
    return this.database();
  }

  async list(kind: RenderKind): Promise<CachedRenderRow[]> {
    return newestFirst(await this.db.renders.where('kind').equals(kind).toArray());
  }

  async get(kind: RenderKind, uploadUuid: string): Promise<CachedRenderRow | null> {
    return (await this.db.renders.get(renderKey(kind, uploadUuid))) ?? null;
  }

  async fetchedAt(kind: RenderKind): Promise<number | null> {
    return (await this.db.renderMeta.get(kind))?.fetchedAt ?? null;
  }

  /** Replaces a kind's whole list with the server's answer. */
  async replace(kind: RenderKind, rows: CachedRenderRow[], fetchedAt: number): Promise<void> {
    const db = this.db;
    await db.transaction('rw', db.renders, db.renderMeta, async () => {
      await db.renders.where('kind').equals(kind).delete();
      await db.renders.bulkPut(rows);
      await db.renderMeta.put({ key: kind, fetchedAt });
    });
  }

  async put(rows: CachedRenderRow[]): Promise<void> {
    if (rows.length) await this.db.renders.bulkPut(rows);
  }

  async remove(kind: RenderKind, uploadUuids: string[]): Promise<void> {
    if (uploadUuids.length) {
      await this.db.renders.bulkDelete(uploadUuids.map((id) => renderKey(kind, id)));
    }
  }

  /** Takes a status answer: updates the saved render, or forgets one the server no longer has. */
  async apply(kind: RenderKind, progress: RenderProgress): Promise<void> {
    if (progress.phase === 'not-found') await this.remove(kind, [progress.upload_uuid]);
    else if (progress.row) {
      // Status answers do not carry a single-frame video's upload entry: the saved one stays.
      const saved =
        kind === 'single-frame' && progress.row.yt_upload === undefined
          ? await this.get(kind, progress.upload_uuid)
          : null;
      await this.put([withSavedUpload(progress.row, saved)]);
    }
  }
}

export type RenderSyncStatus = Record<RenderKind, ListStatus>;

const RENDER_KINDS: readonly RenderKind[] = ['visualizer', 'single-frame', 'canvas', 'particles'];

export interface RenderSyncDeps {
  apis: Record<RenderKind, RenderKindApi>;
  cache: RenderCache;
  network: Network;
  now: () => number;
  setTimer: Timer;
  pollIntervalMs?: number;
}

export class RenderSync {
  private readonly lists: ListRefresher<RenderKind>;
  private readonly timers = new Map<RenderKind, () => void>();
  private readonly polling = new Set<RenderKind>();
  /** Renders a screen follows itself (a progress page): the list's rounds leave them out. */
  private readonly followed = new Map<string, number>();
  private userUuid: string | null = null;
  private stopOnline: (() => void) | null = null;
  private generation = 0;

  constructor(private readonly deps: RenderSyncDeps) {
    const { apis, cache } = deps;
    this.lists = new ListRefresher<RenderKind>({
      keys: RENDER_KINDS,
      network: deps.network,
      now: deps.now,
      setTimer: deps.setTimer,
      fetchedAt: (kind) => cache.fetchedAt(kind),
      fetchAndSave: async (kind, wanted) => {
        const rows = await apis[kind].list();
        if (wanted()) await cache.replace(kind, rows, deps.now());
      },
      onFetched: (kind) => this.poll(kind, this.interval),
      rateLimitedRetryMs: () => renderTiming.rateLimitedRetryMs,
    });
  }

  private get interval(): number {
    return this.deps.pollIntervalMs ?? renderTiming.pollIntervalMs;
  }

  /** Works for this user; a different user (or none) forgets what was fetched before. */
  useFor(userUuid: string | null): void {
    if (userUuid === this.userUuid) return;
    this.stop();
    this.userUuid = userUuid;
    if (userUuid) {
      this.lists.start();
      this.stopOnline = this.deps.network.onOnline(() => {
        for (const kind of RENDER_KINDS) {
          if (this.lists.isKnown(kind)) void this.refresh(kind);
          this.poll(kind);
        }
      });
    }
  }

  stop(): void {
    this.generation++;
    this.userUuid = null;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.polling.clear();
    this.lists.stop();
    this.stopOnline?.();
    this.stopOnline = null;
  }

  getStatus = (): RenderSyncStatus => this.lists.getStatus();

  subscribe = (listener: () => void): (() => void) => this.lists.subscribe(listener);

  /** Fetches a kind's list when needed (or always, with force); concurrent calls share one. */
  refresh(kind: RenderKind, options: { force?: boolean } = {}): Promise<void> {
    return this.lists.refresh(kind, options);
  }

  /** A screen polls this render itself until the returned function is called. */
  follow(kind: RenderKind, uploadUuid: string): () => void {
    const key = renderKey(kind, uploadUuid);
    this.followed.set(key, (this.followed.get(key) ?? 0) + 1);
    return () => {
      const count = (this.followed.get(key) ?? 1) - 1;
      if (count > 0) this.followed.set(key, count);
      else this.followed.delete(key);
    };
  }

  /** Polls the unfinished renders of a kind soon (a new render, a screen that shows them). */
  poll(kind: RenderKind, delayMs = 0): void {
    if (!this.userUuid || this.timers.has(kind) || this.polling.has(kind)) return;
    this.schedule(kind, delayMs);
  }

  private schedule(kind: RenderKind, ms: number): void {
    const generation = this.generation;
    const cancel = this.deps.setTimer(() => {
      this.timers.delete(kind);
      if (generation === this.generation) void this.round(kind);
    }, ms);
    this.timers.set(kind, cancel);
  }

  private async round(kind: RenderKind): Promise<void> {
    const generation = this.generation;
    this.polling.add(kind);
    let outcome: RenderPollOutcome;
    try {
      outcome = await this.pollOnce(kind);
    } catch (error) {
      outcome = { kind: 'failed', status: failureOf(error).status };
    } finally {
      this.polling.delete(kind);
    }
    if (generation !== this.generation) return;
    const delay =
      outcome.kind === 'failed' && outcome.status === 429
        ? renderTiming.rateLimitedRetryMs
        : nextRenderPollDelay(outcome, this.interval);
    if (delay !== null) this.schedule(kind, delay);
  }

  private async pollOnce(kind: RenderKind): Promise<RenderPollOutcome> {
    const { apis, cache, network } = this.deps;
    if (!network.isOnline()) return { kind: 'failed', status: 0 };
    const ids = (await cache.list(kind))
      .filter((row) => !isFinished(row.phase) && !this.followed.has(row.key))
      .map((row) => row.upload_uuid);
    if (ids.length === 0) return { kind: 'idle' };
    const answers = await apis[kind].statuses(ids);
    const answered = new Set(answers.map((answer) => answer.upload_uuid));
    for (const answer of answers) await cache.apply(kind, answer);
    // Renders left out of the answer no longer exist.
    await cache.remove(
      kind,
      ids.filter((id) => !answered.has(id)),
    );
    return {
      kind: 'answered',
      stillRendering: answers.filter((answer) => !isFinished(answer.phase)).length,
    };
  }
}

let shared: { cache: RenderCache; sync: RenderSync } | null = null;

/** The app's render cache and sync, made on first use. */
export function renderServices(): { cache: RenderCache; sync: RenderSync } {
  if (!shared) {
    const cache = new RenderCache();
    const sync = new RenderSync({
      apis: RENDER_APIS,
      cache,
      network: browserNetwork,
      now: Date.now,
      setTimer: browserTimer,
    });
    shared = { cache, sync };
  }
  return shared;
}

/** Stops the shared sync (tests, sign-out). */
export function stopRenderServices(): void {
  shared?.sync.stop();
}
