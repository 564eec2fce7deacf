import type { PaletteApi } from '../../../workers/palette-api';
import { createComlinkWorker, type WorkerHandle } from '../../lib/comlink-worker';

/** Starts the image colour picker's palette worker (workers/palette.worker.ts). */
export function startPaletteWorker(): WorkerHandle<PaletteApi> {
  return createComlinkWorker<PaletteApi>(
    () =>
      new Worker(new URL('../../../workers/palette.worker.ts', import.meta.url), {
        type: 'module',
        name: 'palette',
      }),
  );
}
