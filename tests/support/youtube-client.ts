// Publishing helpers of the API tests: linking the Google stand-in's channel to an account as
// the connected-accounts page does, and following an upload to its end.

import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import type { GoogleStandIn } from './google-stand-in';
import { waitFor } from './wait-for';

export const CONNECTED = 'http://waveframe.test/media/connected-accounts';
export const SUBSCRIBE = 'http://waveframe.test/social/youtube/subscribe';

/** Links the stand-in's default channel to the account, as the connected-accounts page does. */
export async function linkChannel(
  standIn: GoogleStandIn,
  api: ApiClient,
  options: { purpose?: 'link' | 'subscribe' | 'captions'; email?: string } = {},
) {
  const redirectUri = options.purpose === 'subscribe' ? SUBSCRIBE : CONNECTED;
  const started = await api.get(
    `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent(redirectUri)}&purpose=${options.purpose ?? 'link'}`,
  );
  expect(started.status).toBe(200);
  const consent = await standIn.approve(started.body.url, options.email);
  expect(consent.state).toBe(started.body.state);
  return api.post('/api/accounts/yt/add-channel', {
    code: consent.code,
    redirectUri,
    state: consent.state,
  });
}

export async function waitForUpload(api: ApiClient, entryUuid: string, timeoutMs = 120_000) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const seen: any[] = [];
  const last = await waitFor(
    `upload ${entryUuid} to finish`,
    async () => {
      const answer = await api.post('/api/accounts/yt/query-yt-uploads-status', {
        entry_uuids: [entryUuid],
      });
      const item = answer.body.entries[0];
      seen.push(item);
      return item.yt_upload_status === 'PENDING' ? undefined : item;
    },
    timeoutMs,
    100,
  );
  return { last, seen };
}
