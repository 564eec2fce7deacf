import type { RenderOptions } from './render-types';

const PROGRESS_INTERVAL_MS = 1000;

/** Reports progress at most once a second (and the final 100 %), never two reports at once. */
export function progressReporter(
  total: number,
  onProgress: RenderOptions['onProgress'],
): { report(done: number): void; finish(): Promise<void> } {
  const started = performance.now();
  let last = -Infinity;
  let pending: Promise<void> | null = null;
  let failure: unknown = null;
  const send = (done: number) => {
    const elapsed = (performance.now() - started) / 1000;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const etaSeconds =
      fraction >= 1
        ? null
        : fraction > 0.01 && elapsed > 2
          ? (elapsed / fraction) * (1 - fraction)
          : null;
    const progress = { framesDone: done, framesTotal: total, fraction, etaSeconds };
    pending = Promise.resolve()
      .then(() => onProgress?.(progress))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        pending = null;
      });
  };
  return {
    report(done) {
      if (failure) throw failure;
      if (!onProgress || pending) return;
      const now = performance.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      send(done);
    },
    async finish() {
      if (pending) await pending;
      if (onProgress) {
        send(total);
        await pending;
      }
      if (failure) throw failure;
    },
  };
}
