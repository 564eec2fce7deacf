import type {
  LinkedChannel,
  PublishTarget,
  UploadEntry,
  UploadStatusItem,
} from '../../../../src/api/publishing';
import { fakeApi, type FakeRoute } from '../fake-api';

export const CHANNEL_ID = 'UCa1b2c3d4e5f6g7h8i9j0kl';
export const OTHER_CHANNEL_ID = 'UCz9y8x7w6v5u4t3s2r1q0po';
export const TARGET_ID = '7d0c1a52-3b9e-4f5c-8a61-0e2d3c4b5a69';
export const ENTRY_ID = 'c4e1f0a2-9b8d-4c7e-a6f5-1d2e3f4a5b6c';

export const YT = '/api/accounts/yt';

export function channel(overrides: Partial<LinkedChannel> = {}): LinkedChannel {
  return {
    channel_id: CHANNEL_ID,
    channel_title: 'Lumen Music',
    picture_url: 'https://yt3.example/lumen.jpg',
    can_subscribe: false,
    can_add_captions: false,
    linked_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function entry(overrides: Partial<UploadEntry> = {}): UploadEntry {
  return {
    entry_uuid: ENTRY_ID,
    yt_upload_status: 'PENDING',
    channel_id: CHANNEL_ID,
    channel_title: 'Lumen Music',
    target_kind: 'visualizer',
    target_uuid: TARGET_ID,
    title: 'Night Drive — Lumen',
    privacy: 'unlisted',
    publish_at: null,
    percent_complete: 0,
    bytes_sent: 0,
    bytes_total: null,
    youtube_video_id: null,
    youtube_url: null,
    reason: null,
    thumbnail_result: null,
    captions_result: null,
    thumbnail_url: `/api/visualizers/thumbnail/${TARGET_ID}`,
    created_at: '2026-11-24T09:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

export const published = (overrides: Partial<UploadEntry> = {}) =>
  entry({
    yt_upload_status: 'SUCCESS',
    percent_complete: 100,
    bytes_sent: 12_582_912,
    bytes_total: 12_582_912,
    youtube_video_id: 'dQw4w9WgXcQ',
    youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumbnail_result: 'SET',
    finished_at: '2026-11-24T09:02:00.000Z',
    ...overrides,
  });

export const statusOf = (item: UploadEntry): UploadStatusItem => ({
  entry_uuid: item.entry_uuid,
  yt_upload_status: item.yt_upload_status,
  entry: item,
});

export function target(overrides: Partial<PublishTarget> = {}): PublishTarget {
  return {
    kind: 'visualizer',
    uuid: TARGET_ID,
    title: 'Night Drive',
    duration_seconds: 192,
    thumbnail_url: `/api/visualizers/thumbnail/${TARGET_ID}`,
    video_url: `/api/visualizers/video/${TARGET_ID}`,
    ready: true,
    state: 'ready',
    suggested_title: 'Night Drive — Lumen',
    suggested_description: 'Night Drive — Lumen\n\nMade with Waveframe.',
    page_path: `/media/visualizers/${TARGET_ID}`,
    lyrics: null,
    ...overrides,
  };
}

/** Answers each call with the next of `answers`, then keeps giving the last one. */
export function sequence(answers: FakeRoute[]): FakeRoute {
  let i = 0;
  return (call) => {
    const answer = answers[Math.min(i++, answers.length - 1)];
    return typeof answer === 'function' ? answer(call) : (answer ?? null);
  };
}

/** A server with linked channels and no uploads unless the routes say otherwise. */
export function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [`GET ${YT}/get-authorized-channels`]: { body: { configured: true, channels: [channel()] } },
    [`GET ${YT}/query-yt-uploads`]: { body: { uploads: [] } },
    [`GET ${YT}/product-channel`]: {
      body: {
        channel_id: 'UCwaveframe0000000000000',
        channel_url: 'https://www.youtube.com/channel/UCwaveframe0000000000000',
      },
    },
    ...routes,
  });
}

/** The authorize-url call as the page sends it from this origin. */
export function authorizeUrlKey(path: string, purpose: 'link' | 'subscribe' | 'captions'): string {
  const query = new URLSearchParams({ redirectUri: `${window.location.origin}${path}`, purpose });
  return `GET ${YT}/authorize-url?${query.toString()}`;
}
