// How every list this device keeps from the server stays fresh (spec 8 "List loading", spec 9):
// the saved copy is shown at once; it is fetched again once per app start (or sign-in) and
// whenever it is older than an hour; a 429 is asked again after 5 s; offline, nothing is asked
// and the saved copy is what there is. The media library, the renders and the saved answers (the
// video library, YouTube, the plan) all refresh through one ListRefresher each.
import { failureOf } from '../api/api-error';
import { RATE_LIMITED_RETRY_MS } from './media-status';
import type { Network } from './network';
import type { Timer } from './timer';

/** Spec 9: store data older than 3600 s is fetched again. */
export const LIST_MAX_AGE_MS = 3600 * 1000;

/**
 * Whether a list must be fetched: the copy saved on this device is shown at once but fetched
 * again once per app start, and again whenever it is older than an hour.
 */
export function listNeedsFetch(list: {
  fetchedAt: number | null;
  fetchedSinceStart: boolean;
  now: number;
}): boolean {
  if (list.fetchedAt === null || !list.fetchedSinceStart) return true;
  return list.now - list.fetchedAt >= LIST_MAX_AGE_MS;
}

export interface ListStatus {
  /** The list was fetched from the server since the app started (else only the saved copy). */
  fetched: boolean;
  /** A fetch of the whole list is under way. */
  refreshing: boolean;
  /** The last fetch failed with an answer (offline is not a failure): the saved copy is shown. */
  failed: boolean;
}

export const IDLE_LIST: ListStatus = { fetched: false, refreshing: false, failed: false };

export interface ListRefreshDeps<K extends string> {
  keys: readonly K[];
  network: Network;
  now: () => number;
  setTimer: Timer;
  /** When the saved copy of a list was fetched, or null when there is none. */
  fetchedAt(key: K): Promise<number | null>;
  /**
   * Fetches a list and saves it as fetched at `now()`. `wanted` turns false when the answer
   * must not be saved any more (signed out, another user): check it between fetch and save.
   */
  fetchAndSave(key: K, wanted: () => boolean): Promise<void>;
  /** After a list was fetched and saved (to poll what it holds that is unfinished, say). */
  onFetched?(key: K): void;
  /** How long a 429 waits (tests shorten it); RATE_LIMITED_RETRY_MS by default. */
  rateLimitedRetryMs?: () => number;
}

function idleStatus<K extends string>(keys: readonly K[]): Record<K, ListStatus> {
  return Object.fromEntries(keys.map((key) => [key, IDLE_LIST])) as Record<K, ListStatus>;
}

/** Fetches saved lists when they need it, one fetch per list at a time, and reports how it went. */
export class ListRefresher<K extends string> {
  private active = false;
  /** Bumped by stop(): fetches started before it save nothing. */
  private generation = 0;
  private status: Record<K, ListStatus>;
  private readonly fetchedSinceStart = new Set<K>();
  private readonly loads = new Map<K, Promise<void>>();
  /** A forced fetch waiting for the one under way. */
  private readonly again = new Map<K, Promise<void>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: ListRefreshDeps<K>) {
    this.status = idleStatus(deps.keys);
  }

  /** Starts fetching (someone is signed in). */
  start(): void {
    this.active = true;
  }

  /** Stops, and forgets what was fetched: a fetch under way saves nothing. */
  stop(): void {
    this.active = false;
    this.generation++;
    this.fetchedSinceStart.clear();
    this.loads.clear();
    this.again.clear();
    this.setStatus(idleStatus(this.deps.keys));
  }

  isActive(): boolean {
    return this.active;
  }

  /** Fetched since the app started, or being fetched now. */
  isKnown(key: K): boolean {
    return this.fetchedSinceStart.has(key) || this.loads.has(key);
  }

  getStatus = (): Record<K, ListStatus> => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Fetches a list when needed (or always, with force); concurrent calls share one fetch. A
   * forced call while a fetch runs is made after a change on the server (a channel linked): that
   * fetch may have left before the change, so one more follows it.
   */
  refresh(key: K, options: { force?: boolean } = {}): Promise<void> {
    const running = this.loads.get(key);
    if (running && !options.force) return running;
    if (running) {
      let again = this.again.get(key);
      if (!again) {
        again = running.then(() => {
          this.again.delete(key);
          return this.refresh(key, { force: true });
        });
        this.again.set(key, again);
      }
      return again;
    }
    const load = this.load(key, options.force ?? false).finally(() => {
      if (this.loads.get(key) === load) this.loads.delete(key);
    });
    this.loads.set(key, load);
    return load;
  }

  private setStatus(status: Record<K, ListStatus>): void {
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  private setListStatus(key: K, status: ListStatus): void {
    this.setStatus({ ...this.status, [key]: status });
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.deps.setTimer(resolve, ms));
  }

  private async load(key: K, force: boolean): Promise<void> {
    const { network, now } = this.deps;
    const generation = this.generation;
    const current = () => this.active && generation === this.generation;
    try {
      if (!current() || !network.isOnline()) return;
      if (!force) {
        const fetchedAt = await this.deps.fetchedAt(key);
        const fetchedSinceStart = this.fetchedSinceStart.has(key);
        if (!listNeedsFetch({ fetchedAt, fetchedSinceStart, now: now() })) return;
      }
      const fetched = this.fetchedSinceStart.has(key);
      this.setListStatus(key, { fetched, refreshing: true, failed: false });
      for (;;) {
        try {
          await this.deps.fetchAndSave(key, current);
          if (!current()) return;
          this.fetchedSinceStart.add(key);
          this.setListStatus(key, { fetched: true, refreshing: false, failed: false });
          this.deps.onFetched?.(key);
          return;
        } catch (error) {
          const { status } = failureOf(error);
          if (current() && network.isOnline() && status === 429) {
            await this.wait(this.deps.rateLimitedRetryMs?.() ?? RATE_LIMITED_RETRY_MS);
            continue;
          }
          if (current()) {
            this.setListStatus(key, { fetched, refreshing: false, failed: status !== 0 });
          }
          return;
        }
      }
    } catch {
      // The browser's storage refused: the screens show what they can.
      if (current()) {
        this.setListStatus(key, {
          fetched: this.fetchedSinceStart.has(key),
          refreshing: false,
          failed: true,
        });
      }
    }
  }
}
