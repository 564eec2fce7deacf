import type { Remote } from 'comlink';
import { useSyncExternalStore } from 'react';
import type { PreviewApi } from '../../../workers/preview-api';
import { previewWorkers } from './preview-worker';

// Subscribing holds the worker; unsubscribing lets it go.
function hold(onChange: () => void): () => void {
  previewWorkers.acquire();
  onChange();
  return () => previewWorkers.release();
}

const currentApi = () => previewWorkers.current()?.api ?? null;

/** The preview worker while the component is mounted (null before it has subscribed). */
export function usePreviewWorker(): Remote<PreviewApi> | null {
  return useSyncExternalStore(hold, currentApi, () => null);
}
