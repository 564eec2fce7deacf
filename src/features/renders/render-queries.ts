// What the render screens read: the saved renders (live from IndexedDB), the sync's status, and
// the progress of one render followed every 5 s.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getDatabase } from '../../db/database';
import { useLiveQuery, type LiveResult } from '../../lib/use-live-query';
import { startStatusPoll } from '../../lib/status-poll';
import { useSession } from '../session';
import {
  isFinished,
  RENDER_APIS,
  renderKey,
  type CachedRenderRow,
  type RenderKind,
  type RenderProgress,
  withSavedUpload,
} from './render-kinds';
import { renderTiming } from './render-rules';

export { renderTiming };
import { newestFirst, renderServices, type RenderSyncStatus } from './render-sync';

/** The shared render sync, working for the signed-in user (and stopped for nobody). */
export function useRenderSync() {
  const session = useSession();
  const services = renderServices();
  const userUuid = session.status === 'signed-in' ? (session.user?.user_uuid ?? null) : null;
  useEffect(() => {
    services.sync.useFor(userUuid);
  }, [services, userUuid]);
  return { ...services, userUuid };
}

const listQuery = (kind: RenderKind) => async () =>
  newestFirst(await getDatabase().renders.where('kind').equals(kind).toArray());

const listQueries: Record<RenderKind, () => Promise<CachedRenderRow[]>> = {
  visualizer: listQuery('visualizer'),
  'single-frame': listQuery('single-frame'),
  canvas: listQuery('canvas'),
  particles: listQuery('particles'),
};

/** A kind's saved list, fetched again when missing or stale, its unfinished renders polled. */
export function useRenderList(kind: RenderKind): LiveResult<CachedRenderRow[]> {
  const { sync, userUuid } = useRenderSync();
  useEffect(() => {
    if (!userUuid) return;
    sync.useFor(userUuid);
    void sync.refresh(kind).then(() => sync.poll(kind));
  }, [sync, kind, userUuid]);
  return useLiveQuery(listQueries[kind]);
}

const fetchedAtQuery = (kind: RenderKind) => async () =>
  (await getDatabase().renderMeta.get(kind))?.fetchedAt ?? null;

const fetchedAtQueries: Record<RenderKind, () => Promise<number | null>> = {
  visualizer: fetchedAtQuery('visualizer'),
  'single-frame': fetchedAtQuery('single-frame'),
  canvas: fetchedAtQuery('canvas'),
  particles: fetchedAtQuery('particles'),
};

/** When a kind's saved list was fetched from the server, or null. */
export function useRenderFetchedAt(kind: RenderKind): number | null {
  return useLiveQuery(fetchedAtQueries[kind]).value ?? null;
}

export function useRenderSyncStatus(): RenderSyncStatus {
  const { sync } = renderServices();
  return useSyncExternalStore(sync.subscribe, sync.getStatus, sync.getStatus);
}

const KINDS: readonly RenderKind[] = ['visualizer', 'single-frame', 'canvas', 'particles'];

/** A kind's count, or null while this device has never fetched its list (no count yet). */
const countsQuery = async (): Promise<Record<RenderKind, number | null>> => {
  const db = getDatabase();
  const counts = await Promise.all(
    KINDS.map(async (kind) =>
      (await db.renderMeta.get(kind)) ? db.renders.where('kind').equals(kind).count() : null,
    ),
  );
  return Object.fromEntries(KINDS.map((kind, i) => [kind, counts[i]])) as Record<
    RenderKind,
    number | null
  >;
};

/**
 * How many renders of each kind this device knows, fetching the lists when needed; a kind whose
 * list was never fetched (just signed in) is null, not 0.
 */
export function useRenderCounts(): Record<RenderKind, number | null> | undefined {
  const { sync, userUuid } = useRenderSync();
  useEffect(() => {
    if (!userUuid) return;
    sync.useFor(userUuid);
    void sync.refresh('visualizer');
    void sync.refresh('single-frame');
    void sync.refresh('canvas');
    void sync.refresh('particles');
  }, [sync, userUuid]);
  return useLiveQuery(countsQuery).value;
}

const visualizerCount = () => getDatabase().renders.where('kind').equals('visualizer').count();

/**
 * Whether the signed-in user has visualizers (spec 2: the top bar's Music Visualizers link), from
 * the saved list, fetched once per app start when needed.
 */
export function useHasVisualizers(): boolean {
  const { sync, userUuid } = useRenderSync();
  useEffect(() => {
    if (!userUuid) return;
    sync.useFor(userUuid);
    void sync.refresh('visualizer');
  }, [sync, userUuid]);
  const count = useLiveQuery(visualizerCount).value ?? 0;
  return userUuid !== null && count > 0;
}

export interface RenderProgressState {
  /** The render as last answered, or as saved on this device until the first answer. */
  row: CachedRenderRow | null;
  progress: RenderProgress | null;
  /** Known to exist nowhere (the server said NotFound). */
  notFound: boolean;
  /** Nothing known yet: no answer and nothing saved. */
  loading: boolean;
  /** The last status call failed (the poll goes on); offline is reported separately. */
  problem: string | null;
  /** Polls again now (after a failure). */
  retry: () => void;
}

/**
 * Follows one render: asks render-tasks-status at once and then every 5 s until it is finished
 * (COMPLETE / VIDEO READY, FAILED / RENDER FAILED or NotFound). A 429 waits 5 s; offline waits
 * for the connection. Each answer is saved, so lists and a later offline visit show it.
 */
export function useRenderProgress(kind: RenderKind, uploadUuid: string): RenderProgressState {
  const { cache, sync, userUuid } = useRenderSync();
  const savedQuery = useCallback(
    async () => (await getDatabase().renders.get(renderKey(kind, uploadUuid))) ?? null,
    [kind, uploadUuid],
  );
  const saved = useLiveQuery(savedQuery);
  const [state, setState] = useState<{
    key: string;
    progress: RenderProgress | null;
    problem: string | null;
  }>({ key: '', progress: null, problem: null });
  const [attempt, setAttempt] = useState(0);
  const key = renderKey(kind, uploadUuid);

  useEffect(() => {
    if (!userUuid) return;
    const unfollow = sync.follow(kind, uploadUuid);
    const stop = startStatusPoll({
      ask: () => RENDER_APIS[kind].statuses([uploadUuid]),
      onAnswer: async (answers) => {
        const progress: RenderProgress = answers.find((a) => a.upload_uuid === uploadUuid) ?? {
          upload_uuid: uploadUuid,
          phase: 'not-found',
          serverStatus: 'NotFound',
          percent_complete: 0,
          time_remaining: null,
          time_remaining_hr: '',
          row: null,
        };
        setState({ key, progress, problem: null });
        await cache.apply(kind, progress).catch(() => undefined);
        if (!isFinished(progress.phase)) return true;
        if (progress.phase === 'ready') sync.poll(kind);
        return false;
      },
      onProblem: (status) =>
        setState((previous) => ({
          key,
          progress: previous.key === key ? previous.progress : null,
          problem:
            status === 0
              ? 'Could not reach Waveframe. Trying again…'
              : 'Could not check on this render. Trying again…',
        })),
      timing: renderTiming,
    });
    return () => {
      stop();
      unfollow();
    };
  }, [kind, uploadUuid, key, userUuid, cache, sync, attempt]);

  const current = state.key === key ? state : { progress: null, problem: null };
  const progress = current.progress;
  const row = progress?.row ? withSavedUpload(progress.row, saved.value) : (saved.value ?? null);
  return {
    row,
    progress,
    notFound: progress?.phase === 'not-found',
    loading: progress === null && saved.value == null,
    problem: current.problem,
    retry: () => setAttempt((n) => n + 1),
  };
}
