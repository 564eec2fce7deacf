import { OfflineAlert } from '../../ui/OfflineAlert';

/** The publishing pages live on the server: offline, they say so and load once back online. */
export function OfflineNotice() {
  return (
    <OfflineAlert data-testid="offline-notice">
      You are offline. This page needs a connection: it loads as soon as you are back online.
    </OfflineAlert>
  );
}
