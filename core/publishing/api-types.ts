// The shapes of the publishing calls (spec 7: Video-service channels /api/accounts/yt and the
// upload-video-yt calls of Visualizers, Single-frame and Videos), shared by the server and the
// web app. Calls the spec lists keep its names and fields (channel_id, channel_title, entry_uuid,
// yt_upload_status); the rest is ours and documented in docs/api.md.

import type { UploadConfig } from './upload-config';

/** Upload entry states (spec 4): PENDING until SUCCESS or FAILED. NotFound only answers a query. */
export type YtUploadStatus = 'PENDING' | 'SUCCESS' | 'FAILED';
export type YtUploadTaskStatus = YtUploadStatus | 'NotFound';

/** What can be published: a render of one of the engine's kinds, or a library video. */
export type PublishTargetKind = 'visualizer' | 'single-frame' | 'canvas' | 'particles' | 'video';

/** Linked channel (spec 3). */
export interface LinkedChannel {
  channel_id: string;
  channel_title: string;
  /** The channel's picture on YouTube, when it has one. */
  picture_url: string | null;
  /** Whether the grant covers subscribing (asked for only when the user first subscribes). */
  can_subscribe: boolean;
  /**
   * Whether the grant covers adding caption tracks (the same YouTube permission as subscribing,
   * asked for only when the user first publishes lyrics as captions).
   */
  can_add_captions: boolean;
  linked_at: string;
}

/** GET /api/accounts/yt/get-authorized-channels */
export interface AuthorizedChannelsResponse {
  /** False when this installation has no YouTube access configured. */
  configured: boolean;
  channels: LinkedChannel[];
}

/**
 * Why the user is sent to Google's consent screen: linking a channel, or allowing subscribing or
 * adding captions (both need YouTube's manage permission on top of the link's).
 */
export type ConsentPurpose = 'link' | 'subscribe' | 'captions';

/** GET /api/accounts/yt/authorize-url?redirectUri=…&purpose=link|subscribe */
export interface AuthorizeUrlResponse {
  url: string;
  /** The signed state parameter carried through Google and sent back with add-channel. */
  state: string;
}

/** POST /api/accounts/yt/add-channel */
export interface AddChannelRequest {
  code: string;
  redirectUri: string;
  state: string;
}
export interface AddChannelResponse {
  channel: LinkedChannel;
  purpose: ConsentPurpose;
}

/** DELETE /api/accounts/yt/disconnect-channel */
export interface DisconnectChannelRequest {
  channel_id: string;
}
export interface DisconnectChannelResponse {
  channel_id: string;
  channel_title: string;
}

/** POST /api/accounts/yt/waveframe-subscribe ({product}-subscribe) */
export interface SubscribeRequest {
  channel_id: string;
}
export interface SubscribeResponse {
  /** The product's channel that was subscribed to. */
  subscribed_channel_id: string;
  /** True when the channel was already subscribed (nothing changed). */
  already_subscribed: boolean;
}

/** GET /api/accounts/yt/product-channel: the channel users subscribe to, when configured. */
export interface ProductChannelResponse {
  channel_id: string | null;
  channel_url: string | null;
}

/** The three upload-video-yt calls. Single-frame takes upload_uuid, like visualizers. */
export interface UploadVideoYtRequest {
  channel_id: string;
  upload_config: UploadConfig;
  /** Visualizers and single-frame videos. */
  upload_uuid?: string;
  /** Videos: any finished video of the user (library video, Canvas or particle render, ...). */
  video_uuid?: string;
}
export interface UploadVideoYtResponse {
  entry_uuid: string;
  yt_upload_status: YtUploadStatus;
}

/** Upload entry (spec 3), with what the pages show. */
export interface UploadEntry {
  entry_uuid: string;
  yt_upload_status: YtUploadStatus;
  channel_id: string;
  channel_title: string;
  target_kind: PublishTargetKind;
  target_uuid: string;
  /** Title of the video on YouTube (from the upload config). */
  title: string;
  privacy: UploadConfig['privacy'];
  publish_at: string | null;
  /** 0..100 of the bytes YouTube confirmed holding. */
  percent_complete: number;
  bytes_sent: number;
  bytes_total: number | null;
  youtube_video_id: string | null;
  /** https://www.youtube.com/watch?v=… once uploaded. */
  youtube_url: string | null;
  /** Why it failed, for people; null otherwise. */
  reason: string | null;
  /** The thumbnail: null (none chosen, or not set yet), 'SET', or why YouTube did not take it. */
  thumbnail_result: string | null;
  /**
   * The lyrics' caption track: null (none asked for, or not added yet), 'SET', or why YouTube
   * did not take it (the video is published either way).
   */
  captions_result: string | null;
  /** Our thumbnail of the published video, for lists. */
  thumbnail_url: string | null;
  created_at: string;
  finished_at: string | null;
}

/** GET /api/accounts/yt/query-yt-uploads */
export interface UploadEntriesResponse {
  uploads: UploadEntry[];
}

/** POST /api/accounts/yt/query-yt-uploads-status {entry_uuids} */
export interface UploadsStatusRequest {
  entry_uuids: string[];
}
export interface UploadStatusItem {
  entry_uuid: string;
  yt_upload_status: YtUploadTaskStatus;
  entry: UploadEntry | null;
}
export interface UploadsStatusResponse {
  entries: UploadStatusItem[];
}

/** GET /api/accounts/yt/publish-target/{targetId}: what /media/upload/{targetId} publishes. */
export interface PublishTarget {
  kind: PublishTargetKind;
  uuid: string;
  title: string;
  duration_seconds: number | null;
  thumbnail_url: string | null;
  video_url: string | null;
  /** Finished and publishable now. Single-frame videos may be published while they render. */
  ready: boolean;
  /** Rendering: the job waits for it. Failed: it cannot be published. */
  state: 'ready' | 'rendering' | 'failed';
  /** The default title and description the form starts from. */
  suggested_title: string;
  suggested_description: string;
  /** The path of the video's own page, to go back to. */
  page_path: string;
  /**
   * The timed lyrics the video shows (issue 27), which can go to YouTube as a caption track and
   * into the description; null when it shows none.
   */
  lyrics: { lines: number; language: string | null } | null;
}
