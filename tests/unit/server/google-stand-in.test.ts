// The Google stand-in driven by the real clients the product uses (google-auth-library's
// OAuth2Client and @googleapis/youtube), configured as the product configures them: consent,
// tokens, channels.list, the resumable upload protocol with its faults, thumbnails,
// subscriptions with incremental authorization, and revocation.
import { createHash, randomBytes } from 'node:crypto';
import { youtube } from '@googleapis/youtube';
import { OAuth2Client, type gaxios } from 'google-auth-library';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { classify } from '../../../server/repositories/youtube/youtube-gateway';
import {
  GOOGLE_STAND_IN_CLIENT,
  startGoogleStandIn,
  UPLOAD_QUANTUM,
  WAVEFRAME_CHANNEL_ID,
  YOUTUBE_SCOPES,
  type GoogleStandIn,
} from '../../support/google-stand-in';

type GaxiosError<T = unknown> = gaxios.GaxiosError<T>;
type GaxiosResponse<T> = gaxios.GaxiosResponse<T>;

/** Never requested: approve() reads where the consent would send the browser. */
const REDIRECT_URI = 'http://127.0.0.1:9/api/youtube/callback';
const LINK_SCOPES = [YOUTUBE_SCOPES.upload, YOUTUBE_SCOPES.readonly];
const MiB = 1024 * 1024;

let standIn: GoogleStandIn;

beforeAll(async () => {
  standIn = await startGoogleStandIn();
});
afterAll(() => standIn.close());
afterEach(() => standIn.resetFaults());

function oauthClient(redirectUri?: string) {
  return new OAuth2Client({
    clientId: GOOGLE_STAND_IN_CLIENT.YOUTUBE_CLIENT_ID,
    clientSecret: GOOGLE_STAND_IN_CLIENT.YOUTUBE_CLIENT_SECRET,
    ...(redirectUri ? { redirectUri } : {}),
    endpoints: {
      oauth2AuthBaseUrl: standIn.endpoints.authUrl,
      oauth2TokenUrl: standIn.endpoints.tokenUrl,
      oauth2RevokeUrl: standIn.endpoints.revokeUrl,
    },
    forceRefreshOnFailure: true,
  });
}

function authorizeUrl(scopes: string[], state = 'state-1') {
  return oauthClient(REDIRECT_URI).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: true,
    scope: scopes,
    state,
    redirect_uri: REDIRECT_URI,
  });
}

/** Consent and code exchange, as the product links a channel. */
async function link(scopes: string[], email?: string) {
  const { code, state } = await standIn.approve(authorizeUrl(scopes), email);
  expect(state).toBe('state-1');
  const { tokens } = await oauthClient(REDIRECT_URI).getToken({ code, redirect_uri: REDIRECT_URI });
  return { refreshToken: tokens.refresh_token!, scopes: (tokens.scope ?? '').split(' ') };
}

/** The calls the product makes with one stored refresh token. */
function access(refreshToken: string) {
  const auth = oauthClient();
  auth.setCredentials({ refresh_token: refreshToken });
  const api = youtube({ version: 'v3', auth, rootUrl: standIn.endpoints.apiUrl });
  const upload = (options: Parameters<OAuth2Client['request']>[0]) =>
    auth.request<Record<string, unknown>>({
      retry: false,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 308,
      ...options,
    });
  return {
    auth,
    api,
    async start(total: number, title = 'Night Drive') {
      const response = await upload({
        url: `${standIn.endpoints.apiUrl}upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=UTF-8',
          'X-Upload-Content-Length': String(total),
          'X-Upload-Content-Type': 'video/mp4',
        },
        data: JSON.stringify({
          snippet: { title, description: 'Made with Waveframe', tags: ['lofi'], categoryId: '10' },
          status: { privacyStatus: 'private', selfDeclaredMadeForKids: false },
        }),
      });
      expect(response.status).toBe(200);
      return response.headers.get('location')!;
    },
    put(sessionUrl: string, chunk: Buffer, offset: number, total: number, signal?: AbortSignal) {
      return upload({
        url: sessionUrl,
        method: 'PUT',
        headers: {
          'Content-Range': `bytes ${offset}-${offset + chunk.length - 1}/${total}`,
          'Content-Type': 'application/octet-stream',
        },
        data: chunk,
        signal,
      });
    },
    query(sessionUrl: string, total: number) {
      return upload({
        url: sessionUrl,
        method: 'PUT',
        headers: { 'Content-Range': `bytes */${total}`, 'Content-Length': '0' },
      });
    },
  };
}

/** Bytes held per a 308's Range header ("bytes=0-N" names the last one). */
function heldOf(response: GaxiosResponse<unknown>): number {
  const range = /^bytes=0-(\d+)$/.exec(response.headers.get('range') ?? '');
  return range ? Number(range[1]) + 1 : 0;
}

/** Google's error bodies: OAuth's {error, error_description}, or the API's {error: {...}}. */
interface ErrorBody {
  error?:
    | string
    | {
        code: number;
        message: string;
        errors: Array<{ domain: string; reason: string; message: string }>;
      };
  error_description?: string;
}

async function failure(promise: Promise<unknown>): Promise<GaxiosError<ErrorBody>> {
  try {
    await promise;
  } catch (error) {
    return error as GaxiosError<ErrorBody>;
  }
  throw new Error('expected the call to fail');
}

/** The API's error, when the answer carries one. */
const apiErrorOf = (error: GaxiosError<ErrorBody>) => {
  const body = error.response?.data?.error;
  return typeof body === 'object' ? body : undefined;
};
const reasonOf = (error: GaxiosError<ErrorBody>) => apiErrorOf(error)?.errors[0]?.reason;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sessionId = (sessionUrl: string) => new URL(sessionUrl).searchParams.get('upload_id')!;

describe('the Google stand-in, through the real clients', () => {
  it('shows a consent page and exchanges its code once for tokens', async () => {
    const url = authorizeUrl(LINK_SCOPES);
    expect(url.startsWith(standIn.endpoints.authUrl)).toBe(true);
    const consent = await fetch(url);
    expect(consent.status).toBe(200);
    const page = await consent.text();
    expect(page).toContain('<h1>Sign in with Google</h1>');
    expect(page).toContain('Waveframe wants to access your Google Account');
    expect(page).toContain('Manage your YouTube videos');
    expect(page).toContain('View your YouTube account');
    expect(page).toContain('>Allow as artist@example.com</a>');

    const { code, state, redirectedTo } = await standIn.approve(url);
    expect(state).toBe('state-1');
    const back = new URL(redirectedTo);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('scope')).toBe(LINK_SCOPES.join(' '));

    const client = oauthClient(REDIRECT_URI);
    const { tokens } = await client.getToken({ code, redirect_uri: REDIRECT_URI });
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.scope).toBe(LINK_SCOPES.join(' '));
    expect(tokens.token_type).toBe('Bearer');

    // Codes are single use.
    const reused = await failure(client.getToken({ code, redirect_uri: REDIRECT_URI }));
    expect(reused.response?.status).toBe(400);
    expect(reused.response?.data?.error).toBe('invalid_grant');

    const cancelled = await standIn.cancel(url);
    expect(new URL(cancelled.redirectedTo).searchParams.get('error')).toBe('access_denied');
    expect(cancelled.state).toBe('state-1');
  });

  it('refuses unknown clients, wrong secrets and codes sent to another redirect_uri', async () => {
    const foreign = new OAuth2Client({
      clientId: 'someone-else.apps.googleusercontent.com',
      clientSecret: 'nope',
      endpoints: { oauth2AuthBaseUrl: standIn.endpoints.authUrl },
    }).generateAuthUrl({ scope: LINK_SCOPES, redirect_uri: REDIRECT_URI });
    const blocked = await fetch(foreign);
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toContain('invalid_client');
    await expect(standIn.approve(foreign)).rejects.toThrow(/invalid_client/);

    const { code } = await standIn.approve(authorizeUrl(LINK_SCOPES));
    const wrongSecret = new OAuth2Client({
      clientId: GOOGLE_STAND_IN_CLIENT.YOUTUBE_CLIENT_ID,
      clientSecret: 'wrong',
      endpoints: { oauth2TokenUrl: standIn.endpoints.tokenUrl },
    });
    const unauthorized = await failure(wrongSecret.getToken({ code, redirect_uri: REDIRECT_URI }));
    expect(unauthorized.response?.status).toBe(401);
    expect(unauthorized.response?.data?.error).toBe('invalid_client');

    const elsewhere = 'http://127.0.0.1:9/elsewhere';
    const mismatch = await failure(
      oauthClient(elsewhere).getToken({ code, redirect_uri: elsewhere }),
    );
    expect(mismatch.response?.status).toBe(400);
    expect(mismatch.response?.data?.error).toBe('invalid_grant');
  });

  it('lists the linked account’s channel, refreshing the access token first', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const before = standIn.refreshes;
    const { api } = access(refreshToken);
    const { data } = await api.channels.list({ part: ['snippet'], mine: true });
    expect(standIn.refreshes).toBe(before + 1);
    expect(data.items).toHaveLength(1);
    expect(data.items![0]!.id).toBe('UCstandInBeats000000000001');
    expect(data.items![0]!.snippet?.title).toBe('Stand-in Beats');
    // The picture is served by the stand-in itself, so a browser can show it without the web.
    const picture = data.items![0]!.snippet?.thumbnails?.default?.url;
    expect(picture).toBe(`${standIn.url}/pictures/stand-in-beats.svg`);
    const image = await fetch(picture!);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');

    standIn.addAccount({ email: 'nochannel@example.com', channel: null });
    const bare = await link(LINK_SCOPES, 'nochannel@example.com');
    const none = await access(bare.refreshToken).api.channels.list({
      part: ['snippet'],
      mine: true,
    });
    expect(none.data.items).toBeUndefined();
    expect(none.data.pageInfo?.totalResults).toBe(0);
  });

  it('takes a resumable upload in 1 MiB chunks and keeps its bytes', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const file = randomBytes(3 * MiB + 12_345);
    const sessions = standIn.sessionsCreated;
    const sessionUrl = await channel.start(file.length);
    expect(standIn.sessionsCreated).toBe(sessions + 1);
    expect(sessionUrl).toMatch(
      /\/upload\/youtube\/v3\/videos\?uploadType=resumable&part=snippet,status&upload_id=/,
    );

    // Nothing held yet: 308 without a Range header.
    const fresh = await channel.query(sessionUrl, file.length);
    expect(fresh.status).toBe(308);
    expect(fresh.headers.get('range')).toBeNull();

    // A chunk that does not start where the session stands is not stored.
    const ahead = await channel.put(sessionUrl, file.subarray(MiB, 2 * MiB), MiB, file.length);
    expect(ahead.status).toBe(308);
    expect(heldOf(ahead)).toBe(0);

    let offset = 0;
    let last: GaxiosResponse<Record<string, unknown>> | null = null;
    while (offset < file.length) {
      const chunk = file.subarray(offset, offset + MiB);
      last = await channel.put(sessionUrl, chunk, offset, file.length);
      offset += chunk.length;
      if (offset < file.length) {
        expect(last.status).toBe(308);
        expect(heldOf(last)).toBe(offset);
      }
    }
    expect(last!.status).toBe(200);
    const video = last!.data as { kind: string; id: string; snippet: { title: string } };
    expect(video.kind).toBe('youtube#video');
    expect(video.snippet.title).toBe('Night Drive');

    const stored = standIn.videos.get(video.id)!;
    expect(stored.sha256).toBe(sha256(file));
    expect(stored.bytes.equals(file)).toBe(true);
    expect(stored.channelId).toBe('UCstandInBeats000000000001');
    expect(stored.status.privacyStatus).toBe('private');
    expect(stored.status.selfDeclaredMadeForKids).toBe(false);
    expect(stored.snippet.tags).toEqual(['lofi']);
    expect(standIn.uploads.get(sessionId(sessionUrl))).toMatchObject({
      total: file.length,
      held: file.length,
      videoId: video.id,
    });

    // Asked again once complete, the session answers the video.
    const again = await channel.query(sessionUrl, file.length);
    expect(again.status).toBe(200);
    expect((again.data as { id: string }).id).toBe(video.id);
  });

  it('drops a chunk mid-way at 40 % and holds what came, in 256 KiB steps', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const file = randomBytes(3 * MiB + 777);
    const sessionUrl = await channel.start(file.length);
    standIn.dropAtFraction(0.4);

    let offset = 0;
    let dropped: GaxiosError | null = null;
    while (offset < file.length && !dropped) {
      const chunk = file.subarray(offset, offset + MiB);
      try {
        await channel.put(sessionUrl, chunk, offset, file.length);
        offset += chunk.length;
      } catch (error) {
        dropped = error as GaxiosError;
      }
    }
    expect(dropped).not.toBeNull();
    expect(dropped!.response).toBeUndefined(); // a network error, not an answer

    const status = await channel.query(sessionUrl, file.length);
    expect(status.status).toBe(308);
    const held = heldOf(status);
    expect(held % UPLOAD_QUANTUM).toBe(0);
    expect(held).toBeLessThanOrEqual(0.4 * file.length);
    expect(held).toBeGreaterThanOrEqual(offset);

    // Going on from what is held finishes the video intact.
    offset = held;
    let last: GaxiosResponse<Record<string, unknown>> | null = null;
    while (offset < file.length) {
      const chunk = file.subarray(offset, offset + MiB);
      last = await channel.put(sessionUrl, chunk, offset, file.length);
      offset += chunk.length;
    }
    expect(last!.status).toBe(200);
    expect(standIn.videos.get((last!.data as { id: string }).id)!.sha256).toBe(sha256(file));
  });

  it('leaves a chunk hanging at half way, holding what came', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const file = randomBytes(3 * MiB);
    const sessionUrl = await channel.start(file.length);
    await channel.put(sessionUrl, file.subarray(0, MiB), 0, file.length);
    standIn.hangAtFraction(0.5);

    const abort = new AbortController();
    const logged = standIn.requests.length;
    const pending = failure(
      channel.put(sessionUrl, file.subarray(MiB, 2 * MiB), MiB, file.length, abort.signal),
    );
    // The stand-in logs status 0 once it has read the chunk and decided to leave it unanswered.
    await vi.waitFor(() =>
      expect(standIn.requests.slice(logged)).toEqual([
        { method: 'PUT', path: expect.any(String), status: 0 },
      ]),
    );
    expect(standIn.uploads.get(sessionId(sessionUrl))!.held).toBe(1.5 * MiB);
    abort.abort(); // the uploader dies; nothing was ever answered
    expect((await pending).response).toBeUndefined();

    const status = await channel.query(sessionUrl, file.length);
    expect(heldOf(status)).toBe(1.5 * MiB);
  });

  it('answers 503 once without storing, then takes the chunk', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const file = randomBytes(2 * MiB);
    const sessionUrl = await channel.start(file.length);
    standIn.fail503Once();
    const busy = await failure(channel.put(sessionUrl, file.subarray(0, MiB), 0, file.length));
    expect(busy.response?.status).toBe(503);
    expect(reasonOf(busy)).toBe('backendError');
    expect(standIn.uploads.get(sessionId(sessionUrl))!.held).toBe(0);

    const taken = await channel.put(sessionUrl, file.subarray(0, MiB), 0, file.length);
    expect(taken.status).toBe(308);
    expect(heldOf(taken)).toBe(MiB);
  });

  it('expires an access token once; the client refreshes on its own and succeeds', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const { api } = access(refreshToken);
    await api.channels.list({ part: ['snippet'], mine: true });
    const refreshes = standIn.refreshes;
    const logged = standIn.requests.length;

    standIn.expireAccessTokenOnce();
    const { data } = await api.channels.list({ part: ['snippet'], mine: true });
    expect(data.items![0]!.id).toBe('UCstandInBeats000000000001');
    expect(standIn.refreshes).toBe(refreshes + 1);
    expect(standIn.requests.slice(logged)).toEqual([
      { method: 'GET', path: '/youtube/v3/channels', status: 401 },
      { method: 'POST', path: '/token', status: 200 },
      { method: 'GET', path: '/youtube/v3/channels', status: 200 },
    ]);
  });

  it('refuses uploads with quotaExceeded while the quota is spent', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    standIn.quotaExceeded(true);
    const refused = await failure(channel.start(1000));
    expect(refused.response?.status).toBe(403);
    expect(apiErrorOf(refused)?.errors[0]).toMatchObject({
      domain: 'youtube.quota',
      reason: 'quotaExceeded',
    });
    expect(apiErrorOf(refused)?.message).toBe(
      'The request cannot be completed because you have exceeded your quota.',
    );
    standIn.quotaExceeded(false);
    expect(await channel.start(1000)).toContain('upload_id=');
  });

  it('sets a thumbnail, unless the channel may not', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const file = randomBytes(300_000);
    const sessionUrl = await channel.start(file.length);
    const done = await channel.put(sessionUrl, file, 0, file.length);
    const videoId = (done.data as { id: string }).id;

    const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), randomBytes(5000)]);
    // rootUrl again per call: @googleapis/youtube builds media upload URLs (mediaUrl) from the
    // call's own rootUrl, never from youtube({ rootUrl }), which rewrites only non-media URLs.
    const perCall = { rootUrl: standIn.endpoints.apiUrl };
    const { data } = await channel.api.thumbnails.set(
      { videoId, media: { mimeType: 'image/png', body: png } },
      perCall,
    );
    expect(data.kind).toBe('youtube#thumbnailSetResponse');
    expect(standIn.videos.get(videoId)!.thumbnail).toEqual({
      contentType: 'image/png',
      bytes: png,
    });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/upload/youtube/v3/thumbnails/set',
      status: 200,
    });

    standIn.thumbnailForbidden(true);
    const refused = await failure(
      channel.api.thumbnails.set({ videoId, media: { mimeType: 'image/png', body: png } }, perCall),
    );
    expect(refused.response?.status).toBe(403);
    expect(reasonOf(refused)).toBe('forbidden');
  });

  it('adds a caption track with force-ssl only, once per language and name', async () => {
    // An account of its own: the grant widened here must not widen the other tests'.
    const singer = 'singer@example.com';
    standIn.addAccount({
      email: singer,
      channel: { id: 'UCstandInSinger0000000001', title: 'Stand-in Singer', pictureUrl: null },
    });
    const linked = await link(LINK_SCOPES, singer);
    const file = randomBytes(300_000);
    const uploader = access(linked.refreshToken);
    const done = await uploader.put(await uploader.start(file.length), file, 0, file.length);
    const videoId = (done.data as { id: string }).id;
    const srt = '1\n00:00:01,500 --> 00:00:04,250\nHeadlights on the water\n';
    const insert = (refreshToken: string, language = 'en') =>
      access(refreshToken).api.captions.insert(
        {
          part: ['snippet'],
          requestBody: { snippet: { videoId, language, name: 'Lyrics' } },
          media: { mimeType: 'application/x-subrip', body: srt },
        },
        { rootUrl: standIn.endpoints.apiUrl },
      );
    const refused = await failure(insert(linked.refreshToken));
    expect(refused.response?.status).toBe(403);
    expect(reasonOf(refused)).toBe('insufficientPermissions');

    const widened = await link([YOUTUBE_SCOPES.forceSsl], singer);
    const { data } = await insert(widened.refreshToken);
    expect(data.snippet).toMatchObject({ videoId, language: 'en', name: 'Lyrics' });
    expect(standIn.videos.get(videoId)!.captions).toEqual([
      expect.objectContaining({ language: 'en', name: 'Lyrics', text: srt }),
    ]);
    // The same track again is refused, as the product's adapter reads it (a retried upload).
    const twice = await failure(insert(widened.refreshToken));
    expect(twice.response?.status).toBe(409);
    expect(classify(twice).reason).toBe('captionExists');
    const badLanguage = await failure(insert(widened.refreshToken, 'English!'));
    expect(reasonOf(badLanguage)).toBe('invalidMetadata');
  });

  it('subscribes only with force-ssl, granted incrementally with the earlier scopes', async () => {
    const linked = await link(LINK_SCOPES);
    const insert = (refreshToken: string) =>
      access(refreshToken).api.subscriptions.insert({
        part: ['snippet'],
        requestBody: {
          snippet: { resourceId: { kind: 'youtube#channel', channelId: WAVEFRAME_CHANNEL_ID } },
        },
      });
    const refused = await failure(insert(linked.refreshToken));
    expect(refused.response?.status).toBe(403);
    expect(reasonOf(refused)).toBe('insufficientPermissions');

    const widened = await link([YOUTUBE_SCOPES.forceSsl]);
    expect(widened.scopes.sort()).toEqual([...LINK_SCOPES, YOUTUBE_SCOPES.forceSsl].sort());
    const { data } = await insert(widened.refreshToken);
    expect(data.snippet?.resourceId?.channelId).toBe(WAVEFRAME_CHANNEL_ID);
    expect(standIn.subscriptions).toContainEqual(
      expect.objectContaining({
        subscriberChannelId: 'UCstandInBeats000000000001',
        channelId: WAVEFRAME_CHANNEL_ID,
      }),
    );
    const twice = await failure(insert(widened.refreshToken));
    expect(twice.response?.status).toBe(400);
    expect(reasonOf(twice)).toBe('subscriptionDuplicate');
  });

  it('revokes a refresh token and its access tokens; a failing revoke answers 503', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    await channel.api.channels.list({ part: ['snippet'], mine: true });

    standIn.revokeFails(true);
    const busy = await failure(oauthClient().revokeToken(refreshToken));
    expect(busy.response?.status).toBe(503);
    standIn.revokeFails(false);

    await oauthClient().revokeToken(refreshToken);
    expect(standIn.revokedTokens).toContain(refreshToken);

    // The access token the client holds is dead too, and refreshing it is refused.
    const gone = await failure(channel.api.channels.list({ part: ['snippet'], mine: true }));
    expect(gone.response?.status).toBe(400);
    expect(gone.response?.data?.error).toBe('invalid_grant');

    const again = await failure(oauthClient().revokeToken(refreshToken));
    expect(again.response?.status).toBe(400);
    expect(again.response?.data?.error).toBe('invalid_token');
  });

  it('answers 404 for upload sessions that expired', async () => {
    const { refreshToken } = await link(LINK_SCOPES);
    const channel = access(refreshToken);
    const sessionUrl = await channel.start(1000);
    standIn.expireUploads();
    const gone = await failure(channel.query(sessionUrl, 1000));
    expect(gone.response?.status).toBe(404);
  });
});
