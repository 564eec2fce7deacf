// What the pages and the service worker say to each other about the upload queue. The queue
// itself (files, rows, progress) is in IndexedDB, which every open page follows as it changes;
// these messages only wake the worker and ask it to act.

/** The Background Sync tag under which the browser wakes the service worker to send uploads. */
export const UPLOAD_SYNC_TAG = 'waveframe-uploads';

export type QueueMessage =
  /** Work the queue. Carries the CSRF token for workers that cannot read cookies themselves. */
  | { type: 'uploads:work'; csrfToken: string | null }
  | { type: 'uploads:cancel'; id: string; csrfToken: string | null }
  /** Does this service worker run the upload queue? Answered on the message's port. */
  | { type: 'uploads:hello' };

export interface HelloAnswer {
  type: 'uploads:here';
}

export function isQueueMessage(data: unknown): data is QueueMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'uploads:work' || type === 'uploads:cancel' || type === 'uploads:hello';
}

/** The notification shown when the last file of a batch has gone up with no page open. */
export function uploadsFinishedNotification(count: number): { title: string; body: string } {
  return {
    title: 'Uploads finished',
    body: `${count} ${count === 1 ? 'file is' : 'files are'} in your Waveframe library.`,
  };
}
