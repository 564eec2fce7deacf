const started = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once per key for the life of the page and hands every caller the same promise.
 * Single-use links (verification, e-mail change) must be sent once, even when React mounts a
 * screen twice (StrictMode) or the visitor comes back to it.
 */
export function oncePerKey<T>(key: string, task: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = task();
    started.set(key, promise);
  }
  return promise;
}
