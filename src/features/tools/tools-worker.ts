import type { ToolsApi } from '../../../workers/tools-api';
import { createComlinkWorker, type WorkerHandle } from '../../lib/comlink-worker';

/** Starts the free tools' worker (workers/tools.worker.ts). */
export function startToolsWorker(): WorkerHandle<ToolsApi> {
  return createComlinkWorker<ToolsApi>(
    () =>
      new Worker(new URL('../../../workers/tools.worker.ts', import.meta.url), {
        type: 'module',
        name: 'tools',
      }),
  );
}
