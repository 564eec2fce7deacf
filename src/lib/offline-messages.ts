import { formatDateTime } from './format';

/** An action that needs the server, tried offline. */
export const OFFLINE_ACTION =
  'You are offline: this needs a connection. Try again once you are back online.';

/** A video this device has not saved, asked for offline. */
export const OFFLINE_NOT_SAVED =
  'You are offline and this video is not saved on this device yet. It will show once you are back online.';

/** When a screen's saved copy was last fetched from the server. */
export const lastUpdated = (fetchedAt: number) => `Last updated ${formatDateTime(fetchedAt)}.`;
