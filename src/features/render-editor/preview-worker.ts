// The preview worker (workers/preview.worker.ts), shared by the previews on screen. It stays up a
// few seconds after the last user lets go of it, so a screen that re-mounts keeps its fonts,
// images and prepared scenes.
import type { PreviewApi } from '../../../workers/preview-api';
import { createComlinkWorker, type WorkerHandle } from '../../lib/comlink-worker';

const IDLE_STOP_MS = 5000;

export interface PreviewWorkerPool {
  acquire(): WorkerHandle<PreviewApi>;
  release(): void;
  /** The running worker, if any (without holding it). */
  current(): WorkerHandle<PreviewApi> | null;
}

function startPreviewWorker(): WorkerHandle<PreviewApi> {
  const handle = createComlinkWorker<PreviewApi>(
    () =>
      new Worker(new URL('../../../workers/preview.worker.ts', import.meta.url), {
        type: 'module',
        name: 'preview',
      }),
  );
  void handle.api.init('/fonts/');
  return handle;
}

/** A worker that lives while someone holds it (counted), plus a short grace period. */
export function createPreviewWorkerPool(
  start: () => WorkerHandle<PreviewApi> = startPreviewWorker,
): PreviewWorkerPool {
  let handle: WorkerHandle<PreviewApi> | null = null;
  let users = 0;
  let stopTimer: ReturnType<typeof setTimeout> | null = null;
  return {
    current: () => handle,
    acquire() {
      users++;
      if (stopTimer) clearTimeout(stopTimer);
      stopTimer = null;
      handle ??= start();
      return handle;
    },
    release() {
      users = Math.max(0, users - 1);
      if (users > 0 || stopTimer) return;
      stopTimer = setTimeout(() => {
        stopTimer = null;
        if (users === 0) {
          handle?.terminate();
          handle = null;
        }
      }, IDLE_STOP_MS);
    },
  };
}

/** The page's pool: the create screens' preview and the galleries share one worker. */
export const previewWorkers = createPreviewWorkerPool();

let nextView = 0;
/** A view id unique in this page. */
export function newViewId(prefix: string): string {
  nextView += 1;
  return `${prefix}-${nextView}`;
}
