import { formatDateTime } from './format';

/** An action that needs the server, tried offline. */
export const OFFLINE_ACTION =
  'You are offline: this needs a connection. Try again once you are back online.';

/** A video this device has not saved, asked for offline. */
export const OFFLINE_NOT_SAVED =
  'You are offline and this video is not saved on this device yet. It will show once you are back online.';

/** A video's page opened offline from the saved copy. */
export const OFFLINE_VIDEO_PAGE =
  'You are offline: this is the video as last saved on this device. Playing, downloading and deleting need a connection.';

/** When a screen's saved copy was last fetched from the server. */
export const lastUpdated = (fetchedAt: number) => `Last updated ${formatDateTime(fetchedAt)}.`;
