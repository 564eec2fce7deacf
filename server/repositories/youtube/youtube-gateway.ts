// The YouTube adapter: Google's OAuth 2.0 through the official google-auth-library, the YouTube
// Data API v3 through the official @googleapis/youtube client, and the resumable upload
// protocol (which that client does not implement: it sends whole files in one request) spoken
// through the same OAuth2Client, which adds the access token and refreshes it once when YouTube
// answers 401. Endpoints come from the configuration: Google's own by default, a local server
// that speaks the protocol in tests. Errors are classified here (YouTubeError) so the services
// decide on kinds, never on Google's wire formats.

import { youtube, type youtube_v3 } from '@googleapis/youtube';
import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../../config';

export type YouTubeConfig = NonNullable<Config['youtube']>;

export const SCOPES = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  /**
   * Subscribing and adding caption tracks need this one; it is asked for only when a user first
   * subscribes or publishes lyrics as captions.
   */
  manage: 'https://www.googleapis.com/auth/youtube.force-ssl',
} as const;

export const LINK_SCOPES = [SCOPES.upload, SCOPES.readonly];
export const MANAGE_SCOPES = [...LINK_SCOPES, SCOPES.manage];

/** Whether a grant's scopes allow subscribing and adding caption tracks (YouTube's manage scope). */
export const canManage = (scopes: readonly string[]) =>
  scopes.includes(SCOPES.manage) || scopes.includes('https://www.googleapis.com/auth/youtube');

/**
 * What went wrong with Google, by what the product does about it:
 * - revoked: the grant no longer works (the user withdrew it, or it expired): reconnect;
 * - quota, permission, rejected: YouTube refused; retrying will not help;
 * - session-gone: the resumable upload session expired; start a new one;
 * - transient: network trouble or a 5xx; ask again after a while.
 */
export type YouTubeErrorKind =
  'revoked' | 'quota' | 'permission' | 'rejected' | 'session-gone' | 'transient';

export class YouTubeError extends Error {
  constructor(
    readonly kind: YouTubeErrorKind,
    /** Google's own reason (quotaExceeded, invalid_grant, ...), for logs and tests. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ChannelInfo {
  id: string;
  title: string;
  pictureUrl: string | null;
}

export interface Grant {
  refreshToken: string;
  scopes: string[];
}

/** Snippet and status of videos.insert. */
export interface VideoMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: 'private' | 'unlisted' | 'public';
  publishAt: string | null;
  madeForKids: boolean;
}

/** Where a resumable upload stands: bytes YouTube holds, or the finished video's id. */
export type UploadState = { done: false; held: number } | { done: true; videoId: string };

/** One linked channel's access: every call made with its refresh token. */
export interface ChannelAccess {
  myChannel(signal?: AbortSignal): Promise<ChannelInfo | null>;
  /** Opens a resumable upload session; answers its URL (valid about a week). */
  startUpload(
    metadata: VideoMetadata,
    totalBytes: number,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<string>;
  /** Sends bytes [offset, offset + chunk.length) of the file. */
  sendChunk(
    sessionUrl: string,
    chunk: Buffer,
    offset: number,
    totalBytes: number,
    signal?: AbortSignal,
  ): Promise<UploadState>;
  /** Asks how much of the file the session holds. */
  queryUpload(sessionUrl: string, totalBytes: number, signal?: AbortSignal): Promise<UploadState>;
  setThumbnail(videoId: string, image: Buffer, mimeType: string): Promise<void>;
  /** Adds a caption track (SubRip text) to a video of the channel (captions.insert). */
  insertCaption(
    videoId: string,
    caption: { language: string; name: string },
    srt: string,
  ): Promise<void>;
  /** Subscribes the channel to another; 'already' when it was subscribed. */
  subscribe(channelId: string): Promise<'subscribed' | 'already'>;
}

export interface YouTubeGateway {
  authorizeUrl(input: { redirectUri: string; state: string; scopes: string[] }): string;
  /** Exchanges a consent's code for a refresh token; throws YouTubeError 'rejected' if refused. */
  exchangeCode(code: string, redirectUri: string): Promise<Grant>;
  access(refreshToken: string): ChannelAccess;
  /** Revokes the grant with Google; 'already-invalid' when Google no longer knows it. */
  revoke(refreshToken: string): Promise<'revoked' | 'already-invalid'>;
}

const REQUEST_TIMEOUT_MS = 120_000;

/** What this adapter reads of gaxios' answers and errors (the HTTP layer of Google's clients). */
interface GaxiosResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}
interface GaxiosError<T> extends Error {
  code?: string;
  response?: GaxiosResponse<T>;
}

export function youtubeGateway(config: YouTubeConfig): YouTubeGateway {
  const client = (redirectUri?: string) =>
    new OAuth2Client({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      ...(redirectUri ? { redirectUri } : {}),
      endpoints: {
        oauth2AuthBaseUrl: config.endpoints.authUrl,
        oauth2TokenUrl: config.endpoints.tokenUrl,
        oauth2RevokeUrl: config.endpoints.revokeUrl,
      },
      // A refresh token alone is stored: every first request refreshes, and a 401 refreshes again.
      forceRefreshOnFailure: true,
    });
  const rootUrl = config.endpoints.apiUrl;

  return {
    authorizeUrl({ redirectUri, state, scopes }) {
      return client(redirectUri).generateAuthUrl({
        access_type: 'offline',
        // Always ask: Google sends a refresh token only with a consent it just showed.
        prompt: 'consent',
        include_granted_scopes: true,
        scope: scopes,
        state,
        redirect_uri: redirectUri,
      });
    },

    async exchangeCode(code, redirectUri) {
      try {
        const { tokens } = await client(redirectUri).getToken({ code, redirect_uri: redirectUri });
        if (!tokens.refresh_token) {
          throw new YouTubeError(
            'rejected',
            'no_refresh_token',
            'Google did not grant offline access. Try connecting again.',
          );
        }
        return {
          refreshToken: tokens.refresh_token,
          scopes: (tokens.scope ?? '').split(/\s+/).filter(Boolean),
        };
      } catch (error) {
        const classified = classify(error);
        // invalid_grant here means the code (used, expired, or for another client), not a grant.
        if (classified.kind === 'revoked')
          throw new YouTubeError('rejected', classified.reason, 'Google refused the code.');
        throw classified;
      }
    },

    access(refreshToken) {
      const auth = client();
      auth.setCredentials({ refresh_token: refreshToken });
      // rootUrl goes with each call too: a media upload (thumbnails.set) builds its address from
      // the call's options only, and would go to Google's own host otherwise.
      const api = youtube({ version: 'v3', auth, rootUrl });
      const upload = async (
        options: Parameters<OAuth2Client['request']>[0],
      ): Promise<GaxiosResponse<youtube_v3.Schema$Video>> => {
        try {
          return (await auth.request<youtube_v3.Schema$Video>({
            timeout: REQUEST_TIMEOUT_MS,
            retry: false,
            // gaxios' redactor walks a Buffer body byte by byte on every failed request (0.3 s of
            // CPU per MiB); the raw error never leaves this file (classify keeps no request).
            errorRedactor: false,
            // 308 Resume Incomplete is how the protocol says "go on"; it carries no Location.
            validateStatus: (status) => (status >= 200 && status < 300) || status === 308,
            ...options,
          })) as GaxiosResponse<youtube_v3.Schema$Video>;
        } catch (error) {
          throw classify(error);
        }
      };
      const stateOf = (response: GaxiosResponse<youtube_v3.Schema$Video>): UploadState => {
        if (response.status !== 308) {
          const videoId = response.data?.id;
          if (!videoId)
            throw new YouTubeError('transient', 'no_video_id', 'YouTube answered without a video.');
          return { done: true, videoId };
        }
        // "Range: bytes=0-N" names the last byte held; no header means nothing is held yet.
        const range = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '');
        return { done: false, held: range ? Number(range[1]) + 1 : 0 };
      };

      return {
        async myChannel(signal) {
          try {
            const { data } = await api.channels.list(
              { part: ['snippet'], mine: true },
              { rootUrl, signal, timeout: REQUEST_TIMEOUT_MS },
            );
            const channel = data.items?.[0];
            if (!channel?.id) return null;
            const thumbnails = channel.snippet?.thumbnails;
            return {
              id: channel.id,
              title: channel.snippet?.title ?? channel.id,
              pictureUrl: thumbnails?.default?.url ?? thumbnails?.medium?.url ?? null,
            };
          } catch (error) {
            throw classify(error);
          }
        },

        async startUpload(metadata, totalBytes, contentType, signal) {
          const response = await upload({
            url: `${rootUrl}upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
            method: 'POST',
            headers: {
              'Content-Type': 'application/json; charset=UTF-8',
              'X-Upload-Content-Length': String(totalBytes),
              'X-Upload-Content-Type': contentType,
            },
            data: JSON.stringify({
              snippet: {
                title: metadata.title,
                description: metadata.description,
                tags: metadata.tags,
                categoryId: metadata.categoryId,
              },
              status: {
                privacyStatus: metadata.privacyStatus,
                ...(metadata.publishAt ? { publishAt: metadata.publishAt } : {}),
                selfDeclaredMadeForKids: metadata.madeForKids,
              },
            }),
            signal,
          });
          const location = response.headers.get('location');
          if (!location)
            throw new YouTubeError('transient', 'no_location', 'YouTube did not open an upload.');
          return location;
        },

        async sendChunk(sessionUrl, chunk, offset, totalBytes, signal) {
          const last = offset + chunk.length - 1;
          return stateOf(
            await upload({
              url: sessionUrl,
              method: 'PUT',
              headers: {
                'Content-Range': `bytes ${offset}-${last}/${totalBytes}`,
                'Content-Type': 'application/octet-stream',
              },
              data: chunk,
              signal,
            }),
          );
        },

        async queryUpload(sessionUrl, totalBytes, signal) {
          return stateOf(
            await upload({
              url: sessionUrl,
              method: 'PUT',
              headers: { 'Content-Range': `bytes */${totalBytes}`, 'Content-Length': '0' },
              signal,
            }),
          );
        },

        async setThumbnail(videoId, image, mimeType) {
          try {
            await api.thumbnails.set(
              { videoId, media: { mimeType, body: image } },
              { rootUrl, timeout: REQUEST_TIMEOUT_MS },
            );
          } catch (error) {
            throw classify(error);
          }
        },

        async insertCaption(videoId, caption, srt) {
          try {
            // The client sends it as one multipart/related request: the snippet, then the file.
            await api.captions.insert(
              {
                part: ['snippet'],
                requestBody: {
                  snippet: { videoId, language: caption.language, name: caption.name },
                },
                media: { mimeType: 'application/x-subrip', body: srt },
              },
              { rootUrl, timeout: REQUEST_TIMEOUT_MS },
            );
          } catch (error) {
            throw classify(error);
          }
        },

        async subscribe(channelId) {
          try {
            await api.subscriptions.insert(
              {
                part: ['snippet'],
                requestBody: { snippet: { resourceId: { kind: 'youtube#channel', channelId } } },
              },
              { rootUrl, timeout: REQUEST_TIMEOUT_MS },
            );
            return 'subscribed';
          } catch (error) {
            const classified = classify(error);
            if (classified.reason === 'subscriptionDuplicate') return 'already';
            throw classified;
          }
        },
      };
    },

    async revoke(refreshToken) {
      try {
        await client().revokeToken(refreshToken);
        return 'revoked';
      } catch (error) {
        const classified = classify(error);
        if (classified.reason === 'invalid_token') return 'already-invalid';
        throw classified;
      }
    },
  };
}

interface GoogleErrorBody {
  error?:
    | string
    | { code?: number; message?: string; errors?: Array<{ reason?: string; domain?: string }> };
  error_description?: string;
}

/** Google's error, whatever the wire format (OAuth's or the Data API's), as a YouTubeError. */
export function classify(error: unknown): YouTubeError {
  if (error instanceof YouTubeError) return error;
  const gaxios = error as Partial<GaxiosError<GoogleErrorBody>>;
  const status = gaxios.response?.status;
  if (!status) {
    // No answer: the connection failed or dropped, or the request timed out or was aborted.
    const code = (gaxios as { code?: string }).code ?? (error as Error)?.name ?? 'network';
    return new YouTubeError('transient', String(code), 'YouTube could not be reached.');
  }
  const body = gaxios.response?.data;
  const oauthError = typeof body?.error === 'string' ? body.error : undefined;
  const apiError = typeof body?.error === 'object' ? body.error : undefined;
  const reason = oauthError ?? apiError?.errors?.[0]?.reason ?? `http_${status}`;
  const googleMessage = apiError?.message ?? body?.error_description ?? '';

  if (oauthError === 'invalid_grant' || oauthError === 'unauthorized_client')
    return new YouTubeError('revoked', reason, 'Google no longer accepts this channel’s access.');
  if (oauthError === 'invalid_client')
    return new YouTubeError(
      'rejected',
      reason,
      'Google refused this installation’s YouTube client id or secret.',
    );
  if (status === 404) return new YouTubeError('session-gone', reason, 'The upload session ended.');
  if (status >= 500 || status === 429 || reason === 'rateLimitExceeded')
    return new YouTubeError('transient', reason, 'YouTube is busy.');
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
    return new YouTubeError(
      'quota',
      reason,
      'YouTube’s daily upload allowance for Waveframe is used up. Try again tomorrow.',
    );
  if (reason === 'uploadLimitExceeded')
    return new YouTubeError(
      'quota',
      reason,
      'This channel has reached YouTube’s limit of uploads for now. Try again in a day.',
    );
  if (reason === 'youtubeSignupRequired')
    return new YouTubeError(
      'permission',
      reason,
      'This Google account has no YouTube channel to upload to.',
    );
  if (status === 401)
    return new YouTubeError('revoked', reason, 'Google no longer accepts this channel’s access.');
  if (status === 403)
    return new YouTubeError(
      'permission',
      reason,
      `YouTube refused: ${googleMessage || 'this channel does not allow it'}`,
    );
  return new YouTubeError(
    'rejected',
    reason,
    `YouTube refused the request${googleMessage ? `: ${googleMessage}` : '.'}`,
  );
}
