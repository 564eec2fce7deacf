import { transfer } from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { PaletteColor } from '../../../core/color/palette';
import type { PaletteApi } from '../../../workers/palette-api';
import type { WorkerHandle } from '../../lib/comlink-worker';
import { paletteSample } from './image-pixels';
import { startPaletteWorker } from './palette-worker';

/** How many dominant colours the picker shows. */
export const PALETTE_SIZE = 8;

export type PaletteState =
  | { state: 'idle' }
  | { state: 'working' }
  | { state: 'failed' }
  | { state: 'done'; colors: PaletteColor[] };

/**
 * The dominant colours of an image, extracted in the palette worker. The worker starts with the
 * first image and stops with the screen.
 */
export function usePalette(image: ImageBitmap | null): PaletteState {
  const worker = useRef<WorkerHandle<PaletteApi> | null>(null);
  const [palette, setPalette] = useState<{ image: ImageBitmap; result: PaletteState } | null>(null);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!image) return undefined;
    let current = true;
    worker.current ??= startPaletteWorker();
    const pixels = paletteSample(image);
    worker.current.api.extractPalette(transfer(pixels, [pixels.buffer]), PALETTE_SIZE).then(
      (colors) => current && setPalette({ image, result: { state: 'done', colors } }),
      () => current && setPalette({ image, result: { state: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [image]);

  if (!image) return { state: 'idle' };
  return palette?.image === image ? palette.result : { state: 'working' };
}
