import { useSyncExternalStore } from 'react';

/** The browser's idea of the connection; tests pass their own. */
export interface Network {
  isOnline(): boolean;
  /** Calls `listener` when the connection comes back; returns the unsubscribe function. */
  onOnline(listener: () => void): () => void;
}

/** The connection as a page or a worker (the service worker too) sees it. */
export const browserNetwork: Network = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onOnline(listener) {
    if (typeof globalThis.addEventListener !== 'function') return () => undefined;
    globalThis.addEventListener('online', listener);
    return () => globalThis.removeEventListener('online', listener);
  },
};

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser says it is online; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, browserNetwork.isOnline, () => true);
}
