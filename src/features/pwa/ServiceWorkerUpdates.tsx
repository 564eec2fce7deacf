/// <reference types="vite-plugin-pwa/react" />
import { useCallback } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useUpdateNotification } from './use-update-notification';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Registers the service worker and offers a reload when a new version is waiting. */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(
        () => void registration.update().catch(() => undefined),
        UPDATE_CHECK_INTERVAL_MS,
      );
    },
  });
  const reload = useCallback(() => void updateServiceWorker(true), [updateServiceWorker]);
  useUpdateNotification(needRefresh, reload);
  return null;
}
