// Where the publishing screens live (spec 2), and how often they ask the server (spec 8, 9).

export const CONNECTED_ACCOUNTS_PATH = '/media/connected-accounts';
export const SUBSCRIBE_PATH = '/social/youtube/subscribe';

/** /media/upload/{targetId}: the form that publishes one video. */
export const publishPath = (targetId: string) => `/media/upload/${encodeURIComponent(targetId)}`;

/** /media/upload/{entryId}/progress: one upload as it goes. */
export const publishProgressPath = (entryId: string) =>
  `/media/upload/${encodeURIComponent(entryId)}/progress`;

/** Spec 9: upload tasks are polled every 5 s; spec 8: a 429 is tried again after 5 s. Tests shorten them. */
export const publishingTiming = {
  pollIntervalMs: 5_000,
  rateLimitedRetryMs: 5_000,
};
