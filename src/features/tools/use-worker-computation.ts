import type { Remote } from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { ToolsApi } from '../../../workers/tools-api';
import type { WorkerHandle } from '../../lib/comlink-worker';
import { startToolsWorker } from './tools-worker';

export type Computation<T> =
  | { state: 'pending' }
  | { state: 'invalid' }
  | { state: 'failed' }
  /** `current` is false while a newer input is still being computed. */
  | { state: 'done'; value: T; current: boolean };

type Outcome<I, T> = { input: I; ok: true; value: T } | { input: I; ok: false };

/**
 * Runs `compute` in the tools worker whenever `input` changes. The worker lives while the screen
 * is shown. A null input (an empty or invalid field) gives 'invalid'. A new `compute` computes
 * again: pass a module-level function (or a memoized one), not one made at every render.
 */
export function useToolsComputation<I, T>(
  input: I | null,
  compute: (api: Remote<ToolsApi>, input: I) => Promise<T>,
): Computation<T> {
  const worker = useRef<WorkerHandle<ToolsApi> | null>(null);
  const [outcome, setOutcome] = useState<Outcome<I, T> | null>(null);

  useEffect(() => {
    const handle = startToolsWorker();
    worker.current = handle;
    return () => {
      worker.current = null;
      handle.terminate();
    };
  }, []);

  useEffect(() => {
    const api = worker.current?.api;
    if (input === null || !api) return undefined;
    let current = true;
    compute(api, input).then(
      (value) => current && setOutcome({ input, ok: true, value }),
      () => current && setOutcome({ input, ok: false }),
    );
    return () => {
      current = false;
    };
  }, [input, compute]);

  if (input === null) return { state: 'invalid' };
  if (outcome === null) return { state: 'pending' };
  if (!outcome.ok) return outcome.input === input ? { state: 'failed' } : { state: 'pending' };
  return { state: 'done', value: outcome.value, current: outcome.input === input };
}
