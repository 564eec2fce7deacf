import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';

/** Anything comlink can talk to that can also be stopped: a Worker, or a port in tests. */
export type TerminableEndpoint = Endpoint & { terminate(): void };

export interface WorkerHandle<T> {
  /** The worker's API; every call returns a promise. */
  api: Remote<T>;
  /** Releases the proxy and stops the worker. Safe to call twice. */
  terminate(): void;
}

/** Starts a worker and wraps it with comlink. */
export function createComlinkWorker<T>(start: () => TerminableEndpoint): WorkerHandle<T> {
  const endpoint = start();
  const api = wrap<T>(endpoint);
  let terminated = false;
  return {
    api,
    terminate() {
      if (terminated) return;
      terminated = true;
      api[releaseProxy]();
      endpoint.terminate();
    },
  };
}
