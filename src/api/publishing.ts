// The publishing calls (spec 7: Video-service channels /api/accounts/yt, and the upload-video-yt
// calls of Visualizers, Single-frame and Videos), one function each, with the shapes of
// core/publishing/api-types.ts. Errors are ApiError (api-error.ts) carrying the server's exc and
// a message for people: 503 YouTubeNotConfigured, 400 InvalidState / InvalidGrant / NoChannel /
// InvalidData, 403 ScopeMissing, 404 NotFound, 502 ProblemDisconnecting / YouTubeUnavailable.
import type {
  AddChannelRequest,
  AddChannelResponse,
  AuthorizedChannelsResponse,
  AuthorizeUrlResponse,
  ConsentPurpose,
  DisconnectChannelResponse,
  ProductChannelResponse,
  PublishTarget,
  PublishTargetKind,
  SubscribeResponse,
  UploadEntriesResponse,
  UploadEntry,
  UploadsStatusResponse,
  UploadStatusItem,
  UploadVideoYtRequest,
  UploadVideoYtResponse,
} from '../../core/publishing/api-types';
import type { UploadConfig } from '../../core/publishing/upload-config';
import { api, type RequestOptions } from './client';

export type {
  AddChannelResponse,
  AuthorizedChannelsResponse,
  ConsentPurpose,
  LinkedChannel,
  ProductChannelResponse,
  PublishTarget,
  PublishTargetKind,
  UploadEntry,
  UploadStatusItem,
  YtUploadStatus,
  YtUploadTaskStatus,
} from '../../core/publishing/api-types';

export const YOUTUBE_ACCOUNTS_API = '/api/accounts/yt';

type CallOptions = Pick<RequestOptions, 'signal'>;

/** The user's linked channels, and whether this installation can reach YouTube at all. */
export function fetchAuthorizedChannels(
  options?: CallOptions,
): Promise<AuthorizedChannelsResponse> {
  return api.get<AuthorizedChannelsResponse>(
    `${YOUTUBE_ACCOUNTS_API}/get-authorized-channels`,
    options,
  );
}

/** Google's consent address for linking a channel or allowing subscribing, with its state. */
export function fetchAuthorizeUrl(
  redirectUri: string,
  purpose: ConsentPurpose,
): Promise<AuthorizeUrlResponse> {
  const query = new URLSearchParams({ redirectUri, purpose });
  return api.get<AuthorizeUrlResponse>(`${YOUTUBE_ACCOUNTS_API}/authorize-url?${query.toString()}`);
}

/** Links the channel Google's consent returned with `code` (or widens its grant). */
export function addChannel(request: AddChannelRequest): Promise<AddChannelResponse> {
  return api.post<AddChannelResponse>(`${YOUTUBE_ACCOUNTS_API}/add-channel`, request);
}

/** Withdraws Waveframe's access to a channel and forgets it. */
export function disconnectChannel(channelId: string): Promise<DisconnectChannelResponse> {
  return api.delete<DisconnectChannelResponse>(`${YOUTUBE_ACCOUNTS_API}/disconnect-channel`, {
    channel_id: channelId,
  });
}

/** Subscribes a linked channel to Waveframe's own channel (the spec's {product}-subscribe). */
export function subscribeToWaveframe(channelId: string): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>(`${YOUTUBE_ACCOUNTS_API}/waveframe-subscribe`, {
    channel_id: channelId,
  });
}

/** Waveframe's channel on YouTube, when this installation has one. */
export function fetchProductChannel(options?: CallOptions): Promise<ProductChannelResponse> {
  return api.get<ProductChannelResponse>(`${YOUTUBE_ACCOUNTS_API}/product-channel`, options);
}

/** The user's uploads to YouTube, newest first. */
export async function fetchUploadEntries(options?: CallOptions): Promise<UploadEntry[]> {
  const answer = await api.get<UploadEntriesResponse>(
    `${YOUTUBE_ACCOUNTS_API}/query-yt-uploads`,
    options,
  );
  return answer.uploads;
}

/** One upload entry (404 NotFound for unknown ids). */
export function fetchUploadEntry(entryId: string, options?: CallOptions): Promise<UploadEntry> {
  return api.get<UploadEntry>(
    `${YOUTUBE_ACCOUNTS_API}/query-yt-upload/${encodeURIComponent(entryId)}`,
    options,
  );
}

/** Where several uploads stand; unknown ones answer yt_upload_status 'NotFound'. */
export async function fetchUploadStatuses(
  entryUuids: string[],
  options?: CallOptions,
): Promise<UploadStatusItem[]> {
  const answer = await api.post<UploadsStatusResponse>(
    `${YOUTUBE_ACCOUNTS_API}/query-yt-uploads-status`,
    { entry_uuids: entryUuids },
    options,
  );
  return answer.entries;
}

/** What /media/upload/{targetId} publishes (404 NotFound for unknown ids). */
export function fetchPublishTarget(
  targetId: string,
  options?: CallOptions,
): Promise<PublishTarget> {
  return api.get<PublishTarget>(
    `${YOUTUBE_ACCOUNTS_API}/publish-target/${encodeURIComponent(targetId)}`,
    options,
  );
}

/**
 * Queues the upload of a video to one of the user's channels, through the call of its kind:
 * visualizers and single-frame videos by upload_uuid, every other finished video by video_uuid.
 */
export function publishToYoutube(
  target: { kind: PublishTargetKind; uuid: string },
  channelId: string,
  uploadConfig: UploadConfig,
): Promise<UploadVideoYtResponse> {
  const common = { channel_id: channelId, upload_config: uploadConfig };
  switch (target.kind) {
    case 'visualizer':
      return api.post<UploadVideoYtResponse>('/api/visualizers/upload-video-yt', {
        upload_uuid: target.uuid,
        ...common,
      } satisfies UploadVideoYtRequest);
    case 'single-frame':
      return api.post<UploadVideoYtResponse>('/api/music-videos/upload-video-yt', {
        upload_uuid: target.uuid,
        ...common,
      } satisfies UploadVideoYtRequest);
    case 'canvas':
    case 'particles':
    case 'video':
      return api.post<UploadVideoYtResponse>('/api/videos/upload-video-yt', {
        video_uuid: target.uuid,
        ...common,
      } satisfies UploadVideoYtRequest);
  }
}
