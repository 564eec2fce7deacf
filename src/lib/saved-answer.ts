// A list the server sends whole (the video library, YouTube's channels and uploads), kept on this
// device as its last answer (db/saved-answers.ts) so its screen opens offline, and refreshed by
// the rule every saved list follows (list-refresh.ts). The plan is saved in the same table by
// the session store, which fetches it itself (at sign-in, after every change to it).
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getDatabase, type WaveframeDatabase } from '../db/database';
import type { SavedAnswerKey, SavedAnswerRow, SavedAnswers } from '../db/saved-answers';
import { ListRefresher, type ListStatus } from './list-refresh';
import { browserNetwork, type Network } from './network';
import { browserTimer, type Timer } from './timer';
import { useLiveQuery } from './use-live-query';

export interface SavedAnswerDeps {
  database: () => WaveframeDatabase;
  network: Network;
  now: () => number;
  setTimer: Timer;
}

/** The user's saved answer, or null when this device holds none of theirs. */
export async function readSavedAnswer<K extends SavedAnswerKey>(
  db: WaveframeDatabase,
  key: K,
  userUuid: string,
): Promise<SavedAnswerRow<K> | null> {
  const row = (await db.savedAnswers.get(key)) as SavedAnswerRow<K> | undefined;
  return row?.userUuid === userUuid ? row : null;
}

export async function writeSavedAnswer<K extends SavedAnswerKey>(
  db: WaveframeDatabase,
  row: SavedAnswerRow<K>,
): Promise<void> {
  await db.savedAnswers.put(row);
}

const browserDeps: SavedAnswerDeps = {
  database: getDatabase,
  network: browserNetwork,
  now: Date.now,
  setTimer: browserTimer,
};

/** Every saved answer made, so tests can stop them all between runs. */
const made = new Set<SavedAnswer<SavedAnswerKey>>();

/** Forgets the user of every saved answer (tests). */
export function stopSavedAnswers(): void {
  for (const saved of made) saved.useFor(null);
}

export class SavedAnswer<K extends SavedAnswerKey> {
  private readonly refresher: ListRefresher<K>;
  private readonly deps: SavedAnswerDeps;
  private userUuid: string | null = null;
  private stopOnline: (() => void) | null = null;

  constructor(
    readonly key: K,
    private readonly fetch: () => Promise<SavedAnswers[K]>,
    deps: Partial<SavedAnswerDeps> = {},
  ) {
    this.deps = { ...browserDeps, ...deps };
    this.refresher = new ListRefresher<K>({
      keys: [key],
      network: this.deps.network,
      now: this.deps.now,
      setTimer: this.deps.setTimer,
      fetchedAt: async () => (await this.read(this.userUuid))?.fetchedAt ?? null,
      fetchAndSave: async (_key, wanted) => {
        const userUuid = this.userUuid;
        const value = await this.fetch();
        if (!wanted() || userUuid === null) return;
        await writeSavedAnswer(this.deps.database(), {
          key,
          userUuid,
          value,
          fetchedAt: this.deps.now(),
        });
      },
    });
    made.add(this as unknown as SavedAnswer<SavedAnswerKey>);
  }

  /** Works for this user; another user (or none) forgets what was fetched before. */
  useFor(userUuid: string | null): void {
    if (userUuid === this.userUuid) return;
    this.refresher.stop();
    this.stopOnline?.();
    this.stopOnline = null;
    this.userUuid = userUuid;
    if (!userUuid) return;
    this.refresher.start();
    // Back online: what changed meanwhile is fetched.
    this.stopOnline = this.deps.network.onOnline(() => void this.refresh({ force: true }));
  }

  /** Fetches when needed (or always, with force): missing, not since the app started, stale. */
  refresh(options: { force?: boolean } = {}): Promise<void> {
    return this.refresher.refresh(this.key, options);
  }

  /** The user's saved answer, or null when this device holds none. */
  async read(userUuid: string | null): Promise<SavedAnswerRow<K> | null> {
    return userUuid ? readSavedAnswer(this.deps.database(), this.key, userUuid) : null;
  }

  /**
   * Applies what an action's answer says (a video deleted, a loop started) to the saved copy,
   * so the screens show it without fetching the whole list again. Nothing saved: nothing to do.
   */
  async change(edit: (value: SavedAnswers[K]) => SavedAnswers[K]): Promise<void> {
    const db = this.deps.database();
    const userUuid = this.userUuid;
    await db.transaction('rw', db.savedAnswers, async () => {
      const row = await this.read(userUuid);
      if (row) await writeSavedAnswer(db, { ...row, value: edit(row.value) });
    });
  }

  getStatus = (): ListStatus => this.refresher.getStatus()[this.key];

  subscribe = (listener: () => void): (() => void) => this.refresher.subscribe(listener);
}

export interface SavedAnswerView<T> {
  /** The saved answer; null when this device holds none (yet). */
  value: T | null;
  /** When it was fetched from the server, or null. */
  fetchedAt: number | null;
  /** False until the device's storage has answered. */
  loaded: boolean;
  status: ListStatus;
}

/**
 * A saved answer for the signed-in user (null: nobody), live as the table changes, fetched
 * when it needs to be.
 */
export function useSavedAnswer<K extends SavedAnswerKey>(
  saved: SavedAnswer<K>,
  userUuid: string | null,
): SavedAnswerView<SavedAnswers[K]> {
  useEffect(() => {
    saved.useFor(userUuid);
    if (userUuid) void saved.refresh();
  }, [saved, userUuid]);
  const query = useCallback(() => saved.read(userUuid), [saved, userUuid]);
  const row = useLiveQuery(query);
  const status = useSyncExternalStore(saved.subscribe, saved.getStatus, saved.getStatus);
  return {
    value: row.value?.value ?? null,
    fetchedAt: row.value?.fetchedAt ?? null,
    loaded: row.value !== undefined || row.unavailable,
    status,
  };
}
