// A local HTTP server that answers the part of Google's OAuth 2.0 and of the YouTube Data API v3
// the product uses, as Google does: a consent page (/o/oauth2/v2/auth) that sends the browser back
// with a code, the token and revoke endpoints (form-encoded, answering {error, error_description}),
// channels.list, the resumable videos.insert protocol (a session URL, 308 Resume Incomplete with a
// Range header, bytes held in 256 KiB steps), thumbnails.set, captions.insert (multipart: the
// snippet, then the SubRip or WebVTT file) and subscriptions.insert, refusing
// with Google's API error body {error: {code, message, errors: [{domain, reason, message}],
// status}}. The product's real google-auth-library OAuth2Client and @googleapis/youtube client
// reach it through its endpoints (GOOGLE_OAUTH_*_URL, YOUTUBE_API_URL: `env` below). Access
// tokens, refresh tokens, codes and scopes are checked as Google checks them. Tests inject faults
// (a dropped or hung upload, a 503, an expired access token, an exhausted quota...) at any time,
// and read what YouTube holds (videos with their bytes, subscriptions, revoked tokens, requests).
//
// What the stand-in chooses where Google's behaviour is not documented:
// - A chunk (PUT with Content-Range bytes a-b/total) whose first byte is not the first byte the
//   session lacks stores nothing and answers 308 with the Range held: Google tells clients to
//   resume from the Range it reports, and never holds a gap.
// - Bytes are held in steps of 256 KiB, as Google persists them: a chunk that is not the last is
//   held up to the 256 KiB boundary below its end, and so is what arrived of a chunk whose
//   connection broke. The Range answer tells the client where to go on.
// - Revoking a token revokes its family: a refresh token and every access token made from it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The OAuth client the stand-in knows (the product's YOUTUBE_CLIENT_ID and _SECRET). */
export const GOOGLE_STAND_IN_CLIENT = {
  YOUTUBE_CLIENT_ID: 'waveframe-standin.apps.googleusercontent.com',
  YOUTUBE_CLIENT_SECRET: 'standin-client-secret',
};

/** A well-formed channel id (YOUTUBE_CHANNEL_ID) that subscriptions.insert accepts. */
export const WAVEFRAME_CHANNEL_ID = 'UCwaveframeStandIn000001';

export const YOUTUBE_SCOPES = {
  youtube: 'https://www.googleapis.com/auth/youtube',
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
  partner: 'https://www.googleapis.com/auth/youtubepartner',
} as const;

/** Google persists resumable uploads in steps of this many bytes. */
export const UPLOAD_QUANTUM = 256 * 1024;

/** The stand-in's own control path (not Google's): see `control` below. */
export const CONTROL_PATH = '/_stand-in';

export interface GoogleChannel {
  id: string;
  title: string;
  pictureUrl: string | null;
}

/** A Google account, with its YouTube channel if it has one. */
export interface GoogleAccount {
  email: string;
  channel: GoogleChannel | null;
}

export const DEFAULT_ACCOUNT: GoogleAccount = {
  email: 'artist@example.com',
  channel: {
    id: 'UCstandInBeats000000000001',
    title: 'Stand-in Beats',
    // A path on the stand-in itself (made absolute when answered), so browsers can load it offline.
    pictureUrl: '/pictures/stand-in-beats.svg',
  },
};

type Json = Record<string, unknown>;

/** A video YouTube made from a finished upload. */
export interface StoredVideo {
  id: string;
  channelId: string;
  /** As the API answers it (title, description, tags, categoryId, channelId, publishedAt...). */
  snippet: Json;
  /** As the API answers it (privacyStatus, publishAt, selfDeclaredMadeForKids, uploadStatus...). */
  status: Json;
  bytes: Buffer;
  /** Hex SHA-256 of bytes. */
  sha256: string;
  thumbnail: { contentType: string; bytes: Buffer } | null;
  /** Caption tracks added with captions.insert, oldest first. */
  captions: StoredCaption[];
}

/** A caption track: its snippet's language and name, and the file as sent. */
export interface StoredCaption {
  id: string;
  language: string;
  name: string;
  contentType: string;
  text: string;
}

/** A resumable upload session. */
export interface UploadSession {
  id: string;
  channelId: string;
  total: number;
  /** Bytes held, from the first: the next chunk starts here. */
  held: number;
  contentType: string;
  /** The video made when the last byte arrived. */
  videoId: string | null;
}

export interface StoredSubscription {
  id: string;
  subscriberChannelId: string;
  channelId: string;
}

/** One request as answered; status 0 for one the stand-in dropped or left hanging. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

/** The product's YouTube endpoints (config.youtube.endpoints). */
export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** With its trailing slash, as the product and @googleapis/youtube's rootUrl take it. */
  apiUrl: string;
}

export interface GoogleStandIn {
  url: string;
  endpoints: GoogleEndpoints;
  /** The product's environment for this stand-in: client, endpoints, YOUTUBE_CHANNEL_ID. */
  env: Record<string, string>;
  /** By email, in the order the consent page lists them; the default account first. */
  accounts: Map<string, GoogleAccount>;
  videos: Map<string, StoredVideo>;
  /** Resumable sessions by id (the upload_id of the session URL). */
  uploads: Map<string, UploadSession>;
  sessionsCreated: number;
  subscriptions: StoredSubscription[];
  /** Tokens revoked through /revoke (the token sent), oldest first. */
  revokedTokens: string[];
  requests: LoggedRequest[];
  /** refresh_token grants answered with a new access token. */
  refreshes: number;

  addAccount(account: GoogleAccount): GoogleAccount;
  /**
   * What clicking "Allow as <email>" on the consent page does (the first account by default):
   * fetches the page and reads the link's target, without requesting the redirect_uri.
   */
  approve(
    authorizeUrl: string,
    email?: string,
  ): Promise<{ code: string; state: string; redirectedTo: string }>;
  /** What clicking "Cancel" on the consent page does. */
  cancel(authorizeUrl: string): Promise<{ state: string; redirectedTo: string }>;
  /** The user removes Waveframe's access in their Google Account: every token of it is revoked. */
  withdrawAccess(email: string): void;
  /** Every upload session so far expires: their URLs answer 404. */
  expireUploads(): void;

  // Faults. Each stays until it fires (the "once" ones) or until it is turned off; resetFaults
  // clears them all.
  /**
   * Once: the first upload PUT during which the bytes held would pass fraction × total keeps
   * what it received up to that point, rounded down to 256 KiB, and destroys the socket without
   * answering (the client sees a network error).
   */
  dropAtFraction(fraction: number): void;
  /**
   * Once: as dropAtFraction, but the connection stays open and is never answered (for a test
   * that kills the uploading process mid-upload). The bytes up to that point, rounded down to
   * 256 KiB, are held; the rest of the request is read and thrown away.
   */
  hangAtFraction(fraction: number): void;
  /** Once: the next upload PUT answers 503 backendError and stores nothing. */
  fail503Once(): void;
  /**
   * Once: the next API request (channels, videos, thumbnails, subscriptions) with a valid access
   * token finds it expired: 401 authError, and that token stays expired.
   */
  expireAccessTokenOnce(): void;
  /** Upload initiations and PUTs answer 403 quotaExceeded (domain youtube.quota). */
  quotaExceeded(on: boolean): void;
  /** Upload initiations answer 400 uploadLimitExceeded: the channel uploaded too much today. */
  uploadLimitExceeded(on: boolean): void;
  /** /revoke answers 503. */
  revokeFails(on: boolean): void;
  /** thumbnails.set answers 403 forbidden: the channel may not set custom thumbnails. */
  thumbnailForbidden(on: boolean): void;
  resetFaults(): void;
  close(): Promise<void>;
}

// --- Google's words ---------------------------------------------------------------------------

/** Scopes the consent page knows, in the words Google's consent screen uses. */
const SCOPE_WORDS: Record<string, string> = {
  [YOUTUBE_SCOPES.youtube]: 'Manage your YouTube account',
  [YOUTUBE_SCOPES.upload]: 'Manage your YouTube videos',
  [YOUTUBE_SCOPES.readonly]: 'View your YouTube account',
  [YOUTUBE_SCOPES.forceSsl]:
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  [YOUTUBE_SCOPES.partner]: 'View and manage your assets and associated content on YouTube',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you’ve made publicly available',
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile':
    'See your personal info, including any personal info you’ve made publicly available',
};

/** Which scopes each API call takes (any one of them), as the API reference lists them. */
const UPLOAD_SCOPES = [
  YOUTUBE_SCOPES.upload,
  YOUTUBE_SCOPES.youtube,
  YOUTUBE_SCOPES.forceSsl,
  YOUTUBE_SCOPES.partner,
];
const READ_SCOPES = [
  YOUTUBE_SCOPES.readonly,
  YOUTUBE_SCOPES.youtube,
  YOUTUBE_SCOPES.forceSsl,
  YOUTUBE_SCOPES.partner,
];
const MANAGE_SCOPES = [YOUTUBE_SCOPES.youtube, YOUTUBE_SCOPES.forceSsl, YOUTUBE_SCOPES.partner];

/** YouTube's assignable video categories (videoCategories.list, region US). */
const CATEGORY_IDS = new Set('1 2 10 15 17 19 20 22 23 24 25 26 27 28 29'.split(' '));

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const ACCESS_TOKEN_SECONDS = 3599;
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

// --- Replies -------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON unless a string (sent as it is, with the content type in headers). */
  body?: Json | string;
}

/** A refusal thrown from deep in a handler; answered as it is. */
class Refusal extends Error {
  constructor(readonly reply: Reply) {
    super(`refused with ${reply.status}`);
  }
}

/** Google's API error body. */
function apiError(
  code: number,
  reason: string,
  message: string,
  domain = 'global',
  headers?: Record<string, string>,
): Reply {
  return {
    status: code,
    ...(headers ? { headers } : {}),
    body: {
      error: {
        code,
        message,
        errors: [{ message, domain, reason }],
        status: STATUS_NAMES[code] ?? 'UNKNOWN',
      },
    },
  };
}

/** OAuth's error body (token and revoke endpoints). */
const oauthError = (status: number, error: string, description: string): Reply => ({
  status,
  body: { error, error_description: description },
});

const QUOTA_MESSAGE = 'The request cannot be completed because you have exceeded your quota.';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
a{display:inline-block;margin:.25rem 0;color:#0b57d0}li{margin:.5rem 0}</style></head>
<body><main>
${body}
</main></body>
</html>`;
}

const html = (status: number, content: string): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: content,
});

function errorPage(error: string, description: string): Reply {
  return html(
    400,
    page(
      'Access blocked',
      `<h1>Access blocked: Authorization Error</h1>
<p>${escapeHtml(description)}</p>
<p>Error 400: ${escapeHtml(error)}</p>`,
    ),
  );
}

// --- Helpers -------------------------------------------------------------------------------------

const token = (prefix: string, bytes = 24) =>
  `${prefix}${randomBytes(bytes).toString('base64url')}`;
const etag = () => randomBytes(20).toString('base64url');
const videoIdOf = () => randomBytes(9).toString('base64url').slice(0, 11);
const iso = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/related body: each one's content type and text. */
function multipartParts(body: string, boundary: string): { contentType: string; body: string }[] {
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const text = part.replace(/^\r\n/, '').replace(/\r\n$/, '');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : text.slice(0, split);
      return {
        contentType: /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim() ?? '',
        body: split < 0 ? text : text.slice(split + 4),
      };
    });
}

async function readJson(request: IncomingMessage): Promise<Json> {
  const text = (await readBody(request)).toString('utf8');
  if (!text.trim()) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // answered below
  }
  throw new Refusal(apiError(400, 'parseError', 'Parse Error'));
}

const parts = (url: URL) =>
  (url.searchParams.get('part') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function requirePart(url: URL): string[] {
  const list = parts(url);
  if (list.length === 0)
    throw new Refusal(apiError(400, 'required', 'Required parameter: part', 'global'));
  return list;
}

/** YouTube's count of a tag list's length: commas between, quotes around tags with spaces. */
const tagsLength = (tags: string[]) =>
  tags.length === 0
    ? 0
    : tags.reduce((sum, tag) => sum + tag.length + (tag.includes(' ') ? 2 : 0), 0) +
      tags.length -
      1;

type ContentRange =
  { kind: 'query'; total: number } | { kind: 'bytes'; first: number; last: number; total: number };

function parseContentRange(header: string | undefined): ContentRange | null {
  if (!header) return null;
  const query = /^bytes \*\/(\d+)$/.exec(header.trim());
  if (query) return { kind: 'query', total: Number(query[1]) };
  const bytes = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (bytes) {
    return {
      kind: 'bytes',
      first: Number(bytes[1]),
      last: Number(bytes[2]),
      total: Number(bytes[3]),
    };
  }
  return null;
}

// --- Tokens --------------------------------------------------------------------------------------

interface RefreshGrant {
  token: string;
  clientId: string;
  email: string;
  scopes: string[];
  revoked: boolean;
  accessTokens: Set<string>;
}

interface AccessGrant {
  token: string;
  email: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
  refresh: RefreshGrant | null;
}

interface AuthCode {
  clientId: string;
  redirectUri: string;
  email: string;
  scopes: string[];
  offline: boolean;
  forceConsent: boolean;
  expiresAt: number;
  used: boolean;
}

interface Faults {
  cut: { kind: 'drop' | 'hang'; fraction: number } | null;
  fail503: boolean;
  expireToken: boolean;
  quota: boolean;
  uploadLimit: boolean;
  revokeFails: boolean;
  thumbnailForbidden: boolean;
}

const noFaults = (): Faults => ({
  cut: null,
  fail503: false,
  expireToken: false,
  quota: false,
  uploadLimit: false,
  revokeFails: false,
  thumbnailForbidden: false,
});

export async function startGoogleStandIn(
  options: { port?: number; host?: string } = {},
): Promise<GoogleStandIn> {
  const clients = new Map([
    [GOOGLE_STAND_IN_CLIENT.YOUTUBE_CLIENT_ID, GOOGLE_STAND_IN_CLIENT.YOUTUBE_CLIENT_SECRET],
  ]);
  const codes = new Map<string, AuthCode>();
  const refreshTokens = new Map<string, RefreshGrant>();
  const accessTokens = new Map<string, AccessGrant>();
  /** Scopes each account granted each client ("<client id> <email>"), for include_granted_scopes. */
  const granted = new Map<string, Set<string>>();
  /** The bytes each session holds, as received (never concatenated until the video is made). */
  const held = new Map<string, Buffer[]>();
  /** Requests left hanging by hangAtFraction; ended on close. */
  const hanging = new Set<ServerResponse>();
  let faults = noFaults();

  const grantKey = (clientId: string, email: string) => `${clientId} ${email}`;

  const standIn: GoogleStandIn = {
    url: '',
    endpoints: { authUrl: '', tokenUrl: '', revokeUrl: '', apiUrl: '' },
    env: {},
    accounts: new Map(),
    videos: new Map(),
    uploads: new Map(),
    sessionsCreated: 0,
    subscriptions: [],
    revokedTokens: [],
    requests: [],
    refreshes: 0,

    addAccount(account) {
      const copy: GoogleAccount = {
        email: account.email,
        channel: account.channel ? { ...account.channel } : null,
      };
      standIn.accounts.set(copy.email, copy);
      return copy;
    },

    async approve(authorizeUrl, email) {
      const chosen = email ?? [...standIn.accounts.keys()][0];
      const content = await consentPage(authorizeUrl);
      const link = [
        ...content.matchAll(/<a class="allow" href="([^"]*)">Allow as ([^<]*)<\/a>/g),
      ].find((match) => unescapeHtml(match[2]!) === chosen);
      if (!link) throw new Error(`The consent page offers no account ${chosen}`);
      const redirectedTo = unescapeHtml(link[1]!);
      const target = new URL(redirectedTo);
      return {
        code: target.searchParams.get('code') ?? '',
        state: target.searchParams.get('state') ?? '',
        redirectedTo,
      };
    },

    async cancel(authorizeUrl) {
      const content = await consentPage(authorizeUrl);
      const link = /<a class="cancel" href="([^"]*)">Cancel<\/a>/.exec(content);
      if (!link) throw new Error('The consent page has no Cancel link');
      const redirectedTo = unescapeHtml(link[1]!);
      return { state: new URL(redirectedTo).searchParams.get('state') ?? '', redirectedTo };
    },

    withdrawAccess(email) {
      for (const grant of refreshTokens.values()) if (grant.email === email) revokeFamily(grant);
      for (const grant of accessTokens.values()) if (grant.email === email) grant.revoked = true;
      for (const key of [...granted.keys()]) if (key.endsWith(` ${email}`)) granted.delete(key);
    },

    expireUploads() {
      for (const id of standIn.uploads.keys()) held.delete(id);
      standIn.uploads.clear();
    },

    dropAtFraction(fraction) {
      faults.cut = { kind: 'drop', fraction };
    },
    hangAtFraction(fraction) {
      faults.cut = { kind: 'hang', fraction };
    },
    fail503Once() {
      faults.fail503 = true;
    },
    expireAccessTokenOnce() {
      faults.expireToken = true;
    },
    quotaExceeded(on) {
      faults.quota = on;
    },
    uploadLimitExceeded(on) {
      faults.uploadLimit = on;
    },
    revokeFails(on) {
      faults.revokeFails = on;
    },
    thumbnailForbidden(on) {
      faults.thumbnailForbidden = on;
    },
    resetFaults() {
      faults = noFaults();
    },

    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.socket?.destroy();
        hanging.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  standIn.addAccount(DEFAULT_ACCOUNT);

  async function consentPage(authorizeUrl: string): Promise<string> {
    const response = await fetch(authorizeUrl);
    const content = await response.text();
    if (!response.ok) {
      const text = content
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      throw new Error(`The consent page answered ${response.status}: ${unescapeHtml(text)}`);
    }
    return content;
  }

  function revokeFamily(grant: RefreshGrant) {
    grant.revoked = true;
    for (const each of grant.accessTokens) {
      const access = accessTokens.get(each);
      if (access) access.revoked = true;
    }
    // Once no refresh token of this account is alive, Google forgets what it granted the client.
    const alive = [...refreshTokens.values()].some(
      (other) => !other.revoked && other.clientId === grant.clientId && other.email === grant.email,
    );
    if (!alive) granted.delete(grantKey(grant.clientId, grant.email));
  }

  function issueAccess(email: string, scopes: string[], refresh: RefreshGrant | null): AccessGrant {
    const access: AccessGrant = {
      token: token('ya29.standin-'),
      email,
      scopes,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
      revoked: false,
      refresh,
    };
    accessTokens.set(access.token, access);
    refresh?.accessTokens.add(access.token);
    return access;
  }

  // --- The consent page ----------------------------------------------------------------------

  function authorize(url: URL): Reply {
    const query = url.searchParams;
    const clientId = query.get('client_id') ?? '';
    if (!clients.has(clientId))
      return errorPage('invalid_client', 'The OAuth client was not found.');
    const redirectUri = query.get('redirect_uri') ?? '';
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error();
    } catch {
      return errorPage('invalid_request', 'Missing or invalid required parameter: redirect_uri');
    }
    if (query.get('response_type') !== 'code')
      return errorPage(
        'unsupported_response_type',
        `Unsupported response_type: ${query.get('response_type') ?? '(none)'}`,
      );
    const requested = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
    if (requested.length === 0)
      return errorPage('invalid_request', 'Missing required parameter: scope');
    const unknown = requested.filter((scope) => !(scope in SCOPE_WORDS));
    if (unknown.length > 0)
      return errorPage('invalid_scope', `Some requested scopes were invalid: ${unknown.join(' ')}`);
    const state = query.get('state');
    const includeGranted = query.get('include_granted_scopes') === 'true';
    const offline = query.get('access_type') === 'offline';
    const forceConsent = (query.get('prompt') ?? '').split(/\s+/).includes('consent');

    const back = (params: Record<string, string>) => {
      const target = new URL(redirect);
      for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
      if (state !== null) target.searchParams.set('state', state);
      return target.toString();
    };

    const choices = [...standIn.accounts.values()].map((account) => {
      const scopes = [...new Set(requested)];
      if (includeGranted) {
        for (const scope of granted.get(grantKey(clientId, account.email)) ?? [])
          if (!scopes.includes(scope)) scopes.push(scope);
      }
      const code = token('4/0standin-', 32);
      codes.set(code, {
        clientId,
        redirectUri,
        email: account.email,
        scopes,
        offline,
        forceConsent,
        expiresAt: Date.now() + CODE_LIFETIME_MS,
        used: false,
      });
      const href = back({ code, scope: scopes.join(' ') });
      const who = account.channel
        ? `${escapeHtml(account.channel.title)} (${escapeHtml(account.email)})`
        : `${escapeHtml(account.email)} (no YouTube channel)`;
      return `<li>${who}<br><a class="allow" href="${escapeHtml(href)}">Allow as ${escapeHtml(account.email)}</a></li>`;
    });

    const words = [...new Set(requested.map((scope) => SCOPE_WORDS[scope]!))];
    return html(
      200,
      page(
        'Sign in with Google',
        `<h1>Sign in with Google</h1>
<p>Waveframe wants to access your Google Account</p>
<h2>Waveframe will be able to</h2>
<ul>${words.map((word) => `<li>${escapeHtml(word)}</li>`).join('')}</ul>
<h2>Choose an account</h2>
<ul>${choices.join('\n')}</ul>
<p><a class="cancel" href="${escapeHtml(back({ error: 'access_denied' }))}">Cancel</a></p>`,
      ),
    );
  }

  // --- The token and revoke endpoints --------------------------------------------------------

  async function tokenEndpoint(request: IncomingMessage): Promise<Reply> {
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    let clientId = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? '';
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      // RFC 6749 form-encodes both before joining them; google-auth-library's are plain.
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return text;
        }
      };
      const [id, ...rest] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = decode(id ?? '');
      secret = decode(rest.join(':'));
    }
    if (!clients.has(clientId))
      return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (clients.get(clientId) !== secret) return oauthError(401, 'invalid_client', 'Unauthorized');

    const grantType = form.get('grant_type') ?? '';
    if (grantType === 'authorization_code') {
      const value = form.get('code');
      if (!value) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
      const code = codes.get(value);
      if (!code) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
      if (code.used || code.expiresAt < Date.now())
        return oauthError(400, 'invalid_grant', 'Bad Request');
      if (code.clientId !== clientId)
        return oauthError(400, 'invalid_grant', 'The code was issued to another client.');
      if (code.redirectUri !== (form.get('redirect_uri') ?? ''))
        return oauthError(
          400,
          'invalid_grant',
          'The redirect_uri does not match the one of the authorization request.',
        );
      code.used = true;
      const key = grantKey(clientId, code.email);
      // Google sends a refresh token for offline access, and again only with a consent it showed.
      const hadGrant = [...refreshTokens.values()].some(
        (grant) => !grant.revoked && grant.clientId === clientId && grant.email === code.email,
      );
      const refresh: RefreshGrant | null =
        code.offline && (code.forceConsent || !hadGrant)
          ? {
              token: token('1//0standin-', 32),
              clientId,
              email: code.email,
              scopes: code.scopes,
              revoked: false,
              accessTokens: new Set(),
            }
          : null;
      if (refresh) refreshTokens.set(refresh.token, refresh);
      const scopes = granted.get(key) ?? new Set<string>();
      for (const scope of code.scopes) scopes.add(scope);
      granted.set(key, scopes);
      const access = issueAccess(code.email, code.scopes, refresh);
      return {
        status: 200,
        headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' },
        body: {
          access_token: access.token,
          expires_in: ACCESS_TOKEN_SECONDS,
          ...(refresh ? { refresh_token: refresh.token } : {}),
          scope: code.scopes.join(' '),
          token_type: 'Bearer',
        },
      };
    }
    if (grantType === 'refresh_token') {
      const value = form.get('refresh_token');
      if (!value)
        return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = refreshTokens.get(value);
      if (!grant || grant.revoked || grant.clientId !== clientId)
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      const access = issueAccess(grant.email, grant.scopes, grant);
      standIn.refreshes += 1;
      return {
        status: 200,
        headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' },
        body: {
          access_token: access.token,
          expires_in: ACCESS_TOKEN_SECONDS,
          scope: grant.scopes.join(' '),
          token_type: 'Bearer',
        },
      };
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  }

  async function revokeEndpoint(request: IncomingMessage, url: URL): Promise<Reply> {
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    if (faults.revokeFails)
      return oauthError(503, 'temporarily_unavailable', 'The service is currently unavailable.');
    const value = url.searchParams.get('token') ?? form.get('token') ?? '';
    const refresh = refreshTokens.get(value);
    const access = accessTokens.get(value);
    if (refresh && !refresh.revoked) {
      revokeFamily(refresh);
    } else if (access && !access.revoked && access.expiresAt > Date.now()) {
      // Google: revoking an access token revokes its refresh token too.
      access.revoked = true;
      if (access.refresh) revokeFamily(access.refresh);
    } else {
      return oauthError(400, 'invalid_token', 'Token expired or revoked');
    }
    standIn.revokedTokens.push(value);
    return { status: 200, body: {} };
  }

  // --- The API ---------------------------------------------------------------------------------

  /** The account behind the request's access token, if the token allows one of `anyOf`. */
  function authenticate(request: IncomingMessage, anyOf: string[]): GoogleAccount {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
    if (!bearer) {
      throw new Refusal(
        apiError(
          401,
          'required',
          'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'global',
          { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
        ),
      );
    }
    const access = accessTokens.get(bearer[1]!);
    const invalid = () =>
      new Refusal(
        apiError(
          401,
          'authError',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'global',
          {
            'www-authenticate':
              'Bearer realm="https://accounts.google.com/", error="invalid_token"',
          },
        ),
      );
    if (!access || access.revoked || access.expiresAt <= Date.now()) throw invalid();
    if (faults.expireToken) {
      faults.expireToken = false;
      access.expiresAt = Date.now();
      throw invalid();
    }
    if (!anyOf.some((scope) => access.scopes.includes(scope))) {
      throw new Refusal(
        apiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
      );
    }
    const account = standIn.accounts.get(access.email);
    if (!account) throw invalid();
    return account;
  }

  function channelResource(channel: GoogleChannel, wanted: string[]): Json {
    const picture = channel.pictureUrl?.startsWith('/')
      ? `${standIn.url}${channel.pictureUrl}`
      : channel.pictureUrl;
    return {
      kind: 'youtube#channel',
      etag: etag(),
      id: channel.id,
      ...(wanted.includes('snippet')
        ? {
            snippet: {
              title: channel.title,
              description: '',
              customUrl: `@${channel.title.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
              publishedAt: '2020-01-01T00:00:00Z',
              thumbnails: picture
                ? {
                    default: { url: picture, width: 88, height: 88 },
                    medium: { url: picture, width: 240, height: 240 },
                    high: { url: picture, width: 800, height: 800 },
                  }
                : {},
              localized: { title: channel.title, description: '' },
            },
          }
        : {}),
    };
  }

  function channelsList(request: IncomingMessage, url: URL): Reply {
    const account = authenticate(request, READ_SCOPES);
    const wanted = requirePart(url);
    let channels: GoogleChannel[];
    if (url.searchParams.get('mine') === 'true') {
      channels = account.channel ? [account.channel] : [];
    } else if (url.searchParams.get('id')) {
      const ids = url.searchParams.get('id')!.split(',');
      channels = [...standIn.accounts.values()]
        .map((each) => each.channel)
        .filter((channel): channel is GoogleChannel => !!channel && ids.includes(channel.id));
    } else {
      return apiError(
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle.',
        'youtube.parameter',
      );
    }
    const items = channels.map((channel) => channelResource(channel, wanted));
    return {
      status: 200,
      body: {
        kind: 'youtube#channelListResponse',
        etag: etag(),
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        // YouTube leaves items out when there are none.
        ...(items.length > 0 ? { items } : {}),
      },
    };
  }

  function checkVideoMetadata(body: Json): { snippet: Json; status: Json } {
    const refuse = (reason: string, message: string) =>
      new Refusal(apiError(400, reason, message, 'youtube.video'));
    const snippet = (body.snippet ?? {}) as Json;
    const status = (body.status ?? {}) as Json;
    const title = typeof snippet.title === 'string' ? snippet.title : '';
    if (!title.trim() || title.length > 100 || /[<>]/.test(title))
      throw refuse(
        'invalidTitle',
        'The request metadata specifies an invalid or empty video title.',
      );
    const description = typeof snippet.description === 'string' ? snippet.description : '';
    if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description))
      throw refuse(
        'invalidDescription',
        'The request metadata specifies an invalid video description.',
      );
    const tags = Array.isArray(snippet.tags) ? (snippet.tags as unknown[]).map(String) : [];
    if (tagsLength(tags) > 500 || tags.some((tag) => /[<>]/.test(tag)))
      throw refuse('invalidTags', 'The request metadata specifies invalid video keywords.');
    const categoryId = snippet.categoryId === undefined ? '22' : String(snippet.categoryId);
    if (!CATEGORY_IDS.has(categoryId))
      throw refuse(
        'invalidCategoryId',
        'The snippet.categoryId property specifies an invalid category ID.',
      );
    const privacy = status.privacyStatus === undefined ? 'public' : status.privacyStatus;
    if (privacy !== 'private' && privacy !== 'unlisted' && privacy !== 'public')
      throw refuse('invalidVideoMetadata', 'The request metadata is invalid.');
    if (status.publishAt !== undefined) {
      const at = Date.parse(String(status.publishAt));
      if (Number.isNaN(at) || at <= Date.now() || privacy !== 'private')
        throw refuse(
          'invalidPublishAt',
          'The request metadata specifies an invalid scheduled publishing time.',
        );
    }
    const kids = status.selfDeclaredMadeForKids;
    return {
      snippet: {
        title,
        description,
        ...(tags.length > 0 ? { tags } : {}),
        categoryId,
      },
      status: {
        privacyStatus: privacy,
        ...(status.publishAt !== undefined ? { publishAt: String(status.publishAt) } : {}),
        ...(typeof kids === 'boolean' ? { selfDeclaredMadeForKids: kids } : {}),
        madeForKids: kids === true,
      },
    };
  }

  /** Metadata of each session, until its video is made. */
  const metadata = new Map<string, { snippet: Json; status: Json }>();

  async function startUpload(request: IncomingMessage, url: URL): Promise<Reply> {
    const account = authenticate(request, UPLOAD_SCOPES);
    if (faults.quota) return apiError(403, 'quotaExceeded', QUOTA_MESSAGE, 'youtube.quota');
    if (faults.uploadLimit)
      return apiError(
        400,
        'uploadLimitExceeded',
        'The user has exceeded the number of videos they may upload.',
        'youtube.video',
      );
    if (url.searchParams.get('uploadType') !== 'resumable')
      return apiError(
        400,
        'badRequest',
        'The stand-in takes videos by resumable upload only (uploadType=resumable).',
      );
    requirePart(url);
    if (!account.channel)
      return apiError(401, 'youtubeSignupRequired', 'Unauthorized', 'youtube.header');
    const total = Number(request.headers['x-upload-content-length']);
    if (!Number.isSafeInteger(total) || total <= 0)
      return apiError(
        400,
        'badRequest',
        'The stand-in needs X-Upload-Content-Length: the size of the video in bytes.',
      );
    const checked = checkVideoMetadata(await readJson(request));
    const id = randomBytes(24).toString('base64url');
    const session: UploadSession = {
      id,
      channelId: account.channel.id,
      total,
      held: 0,
      contentType: String(request.headers['x-upload-content-type'] ?? 'video/*'),
      videoId: null,
    };
    standIn.uploads.set(id, session);
    held.set(id, []);
    metadata.set(id, checked);
    standIn.sessionsCreated += 1;
    const base = `http://${request.headers.host ?? new URL(standIn.url).host}`;
    const location = `${base}/upload/youtube/v3/videos?uploadType=resumable&part=${parts(url).join(',')}&upload_id=${id}`;
    return {
      status: 200,
      headers: { location, 'x-guploader-uploadid': id },
      body: '',
    };
  }

  function videoResource(video: StoredVideo): Json {
    return {
      kind: 'youtube#video',
      etag: etag(),
      id: video.id,
      snippet: video.snippet,
      status: video.status,
    };
  }

  /** Where the session stands: 308 with the Range held, or 200 with the video. */
  function progress(session: UploadSession): Reply {
    if (session.videoId) {
      return { status: 200, body: videoResource(standIn.videos.get(session.videoId)!) };
    }
    return {
      status: 308,
      headers: session.held > 0 ? { range: `bytes=0-${session.held - 1}` } : {},
      body: '',
    };
  }

  /** Keeps the bytes [session.held, end) out of `received` (which starts at session.held). */
  function hold(session: UploadSession, received: Buffer[], end: number) {
    const keepTo = end >= session.total ? session.total : end - (end % UPLOAD_QUANTUM);
    let wanted = keepTo - session.held;
    if (wanted <= 0) return;
    const list = held.get(session.id)!;
    for (const piece of received) {
      if (wanted <= 0) break;
      const part = piece.length <= wanted ? piece : piece.subarray(0, wanted);
      list.push(part);
      wanted -= part.length;
    }
    session.held = keepTo;
    if (session.held === session.total) finish(session);
  }

  function finish(session: UploadSession) {
    const bytes = Buffer.concat(held.get(session.id)!);
    held.set(session.id, []);
    const account = [...standIn.accounts.values()].find(
      (each) => each.channel?.id === session.channelId,
    );
    const { snippet, status } = metadata.get(session.id)!;
    metadata.delete(session.id);
    const id = videoIdOf();
    const thumbnails = (name: string, width: number, height: number) => ({
      url: `https://i.ytimg.com/vi/${id}/${name}.jpg`,
      width,
      height,
    });
    standIn.videos.set(id, {
      id,
      channelId: session.channelId,
      snippet: {
        publishedAt: iso(),
        channelId: session.channelId,
        ...snippet,
        thumbnails: {
          default: thumbnails('default', 120, 90),
          medium: thumbnails('mqdefault', 320, 180),
          high: thumbnails('hqdefault', 480, 360),
        },
        channelTitle: account?.channel?.title ?? '',
        liveBroadcastContent: 'none',
        localized: { title: snippet.title, description: snippet.description },
      },
      status: {
        uploadStatus: 'uploaded',
        ...status,
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
      },
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      thumbnail: null,
      captions: [],
    });
    session.videoId = id;
  }

  /**
   * A PUT to a session URL: a chunk, or a status query (Content-Range: bytes * /total). Answers
   * null when it dropped the connection or left it hanging.
   */
  async function putUpload(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<Reply | null> {
    authenticate(request, UPLOAD_SCOPES);
    if (faults.quota) return apiError(403, 'quotaExceeded', QUOTA_MESSAGE, 'youtube.quota');
    const session = standIn.uploads.get(url.searchParams.get('upload_id') ?? '');
    if (!session) return apiError(404, 'notFound', 'Not Found');
    if (faults.fail503) {
      faults.fail503 = false;
      return apiError(503, 'backendError', 'Backend Error');
    }
    const range = parseContentRange(request.headers['content-range']);
    if (!range || range.total !== session.total)
      return apiError(400, 'badRequest', 'Failed to parse Content-Range header.');
    if (range.kind === 'query' || session.videoId) return progress(session);
    const { first, last } = range;
    if (last < first || last >= session.total)
      return apiError(400, 'badRequest', 'Failed to parse Content-Range header.');
    // Not where the session stands: nothing is stored; the Range says where to go on.
    if (first !== session.held) return progress(session);

    const expected = last - first + 1;
    const cut = faults.cut;
    const threshold = cut ? Math.floor(cut.fraction * session.total) : Infinity;
    // The fault fires on the PUT that would carry the bytes held past the threshold.
    const armed = cut !== null && first <= threshold && last + 1 > threshold;
    const received: Buffer[] = [];
    let count = 0;
    let hung = false;
    try {
      for await (const data of request) {
        const piece = data as Buffer;
        if (hung) continue; // read and thrown away
        if (armed && cut && first + count + piece.length > threshold) {
          const keep = threshold - (first + count);
          received.push(piece.subarray(0, keep));
          count += keep;
          faults.cut = null;
          hold(session, received, first + count);
          if (cut.kind === 'drop') {
            request.socket.destroy();
            return null;
          }
          hung = true;
          continue;
        }
        received.push(piece);
        count += piece.length;
      }
    } catch {
      // The client went away mid-chunk: Google keeps what arrived, in 256 KiB steps.
      if (!hung && first === session.held) hold(session, received, first + count);
      return null;
    }
    if (hung) {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return null;
    }
    if (count !== expected)
      return apiError(
        400,
        'badRequest',
        `The request body has ${count} bytes; Content-Range announced ${expected}.`,
      );
    if (first === session.held) hold(session, received, first + count);
    return progress(session);
  }

  async function setThumbnail(request: IncomingMessage, url: URL): Promise<Reply> {
    const account = authenticate(request, UPLOAD_SCOPES);
    if (faults.thumbnailForbidden)
      return apiError(
        403,
        'forbidden',
        "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
      );
    const video = standIn.videos.get(url.searchParams.get('videoId') ?? '');
    if (!video)
      return apiError(
        404,
        'videoNotFound',
        "The video that you are trying to insert a thumbnail image for cannot be found. Check the value of the request's videoId parameter to ensure that it is correct.",
        'youtube.thumbnail',
      );
    if (video.channelId !== account.channel?.id)
      return apiError(
        403,
        'forbidden',
        "The thumbnail can't be set for the specified video. The request might not be properly authorized.",
      );
    if (url.searchParams.get('uploadType') !== 'media')
      return apiError(
        400,
        'badRequest',
        'The stand-in takes thumbnails as media uploads only (uploadType=media).',
      );
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const accepted = ['image/jpeg', 'image/png', 'application/octet-stream'];
    if (!accepted.includes(contentType))
      return apiError(
        400,
        'badContent',
        `Media type '${contentType}' is not supported. Valid media types: [${accepted.join(', ')}]`,
      );
    const bytes = await readBody(request);
    if (bytes.length === 0)
      return apiError(
        400,
        'mediaBodyRequired',
        'The request does not include the image content.',
        'youtube.thumbnail',
      );
    if (bytes.length > THUMBNAIL_MAX_BYTES)
      return apiError(413, 'uploadTooLarge', `Media larger than: ${THUMBNAIL_MAX_BYTES}`);
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    const png = bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    if (!jpeg && !png)
      return apiError(
        400,
        'invalidImage',
        'The provided image content is invalid.',
        'youtube.thumbnail',
      );
    video.thumbnail = { contentType, bytes };
    const still = (name: string) => `https://i.ytimg.com/vi/${video.id}/${name}.jpg`;
    return {
      status: 200,
      body: {
        kind: 'youtube#thumbnailSetResponse',
        etag: etag(),
        items: [
          {
            default: { url: still('default'), width: 120, height: 90 },
            medium: { url: still('mqdefault'), width: 320, height: 180 },
            high: { url: still('hqdefault'), width: 480, height: 360 },
            standard: { url: still('sddefault'), width: 640, height: 480 },
            maxres: { url: still('maxresdefault'), width: 1280, height: 720 },
          },
        ],
      },
    };
  }

  /** Channels of accounts here, WAVEFRAME_CHANNEL_ID, and any well-formed id exist. */
  const channelExists = (id: string) =>
    /^UC[\w-]{22}$/.test(id) ||
    [...standIn.accounts.values()].some((account) => account.channel?.id === id);

  /** captions.insert, as a multipart upload: the caption resource's snippet, then the file. */
  async function insertCaption(request: IncomingMessage, url: URL): Promise<Reply> {
    const account = authenticate(request, MANAGE_SCOPES);
    requirePart(url);
    const refuse = (status: number, reason: string, message: string) =>
      apiError(status, reason, message, 'youtube.caption');
    if (url.searchParams.get('uploadType') !== 'multipart')
      return refuse(
        400,
        'badRequest',
        'The stand-in takes captions as multipart uploads only (uploadType=multipart).',
      );
    const boundary = /boundary=("?)([^";]+)\1/.exec(request.headers['content-type'] ?? '')?.[2];
    const parts = boundary
      ? multipartParts((await readBody(request)).toString('utf8'), boundary)
      : [];
    const [meta, file] = parts;
    if (!meta || !file)
      return refuse(
        400,
        'contentRequired',
        'The request does not contain the caption track contents.',
      );
    const snippet = ((JSON.parse(meta.body) as Json).snippet ?? {}) as Json;
    const video = standIn.videos.get(typeof snippet.videoId === 'string' ? snippet.videoId : '');
    if (!video)
      return refuse(
        404,
        'videoNotFound',
        'The video identified by the videoId parameter could not be found.',
      );
    if (video.channelId !== account.channel?.id)
      return refuse(
        403,
        'forbidden',
        'The permissions associated with the request are not sufficient to upload the caption track.',
      );
    const language = typeof snippet.language === 'string' ? snippet.language : '';
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language))
      return refuse(400, 'invalidMetadata', 'The request contains invalid metadata values.');
    const cue = /^\d+\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/m;
    const isVtt = file.body.startsWith('WEBVTT');
    if (!isVtt && !cue.test(file.body))
      return refuse(
        400,
        'invalidCaptionTrack',
        'The caption track is not in a supported format (SubRip, WebVTT).',
      );
    const name = typeof snippet.name === 'string' ? snippet.name : '';
    if (video.captions.some((c) => c.language === language && c.name === name))
      return refuse(
        409,
        'captionExists',
        'The specified video already has a caption track with the given snippet.language and snippet.name values.',
      );
    const caption: StoredCaption = {
      id: randomBytes(12).toString('base64url'),
      language,
      name,
      contentType: file.contentType,
      text: file.body,
    };
    video.captions.push(caption);
    return {
      status: 200,
      body: {
        kind: 'youtube#caption',
        etag: etag(),
        id: caption.id,
        snippet: {
          videoId: video.id,
          lastUpdated: new Date().toISOString(),
          trackKind: 'standard',
          language,
          name,
          audioTrackType: 'unknown',
          isCC: false,
          isLarge: false,
          isEasyReader: false,
          isDraft: false,
          isAutoSynced: false,
          status: 'serving',
        },
      },
    };
  }

  async function subscribe(request: IncomingMessage, url: URL): Promise<Reply> {
    const account = authenticate(request, MANAGE_SCOPES);
    requirePart(url);
    const refuse = (status: number, reason: string, message: string) =>
      apiError(status, reason, message, 'youtube.subscription');
    const body = await readJson(request);
    const snippet = (body.snippet ?? {}) as Json;
    const resource = (snippet.resourceId ?? {}) as Json;
    const channelId = typeof resource.channelId === 'string' ? resource.channelId : '';
    if (!account.channel)
      return refuse(
        404,
        'subscriberNotFound',
        'The subscriber identified with the request cannot be found.',
      );
    if (!channelId)
      return refuse(
        400,
        'publisherRequired',
        'The subscription resource specified in the request must use the snippet.resourceId property to identify the channel that is being subscribed to.',
      );
    if (channelId === account.channel.id)
      return refuse(
        400,
        'subscriptionForbidden',
        'Subscribing to your own channel is not supported.',
      );
    if (!channelExists(channelId))
      return refuse(
        404,
        'publisherNotFound',
        "The resource specified by the request's snippet.resourceId property cannot be found.",
      );
    const subscriberChannelId = account.channel.id;
    if (
      standIn.subscriptions.some(
        (each) => each.subscriberChannelId === subscriberChannelId && each.channelId === channelId,
      )
    )
      return refuse(
        400,
        'subscriptionDuplicate',
        'The subscription that you are trying to create already exists.',
      );
    const subscription: StoredSubscription = {
      id: randomBytes(32).toString('base64url').slice(0, 43),
      subscriberChannelId,
      channelId,
    };
    standIn.subscriptions.push(subscription);
    const target = [...standIn.accounts.values()].find((each) => each.channel?.id === channelId);
    return {
      status: 200,
      body: {
        kind: 'youtube#subscription',
        etag: etag(),
        id: subscription.id,
        snippet: {
          publishedAt: iso(),
          title: target?.channel?.title ?? channelId,
          description: '',
          resourceId: { kind: 'youtube#channel', channelId },
          channelId: subscriberChannelId,
          thumbnails: {},
        },
      },
    };
  }

  // --- The control path ------------------------------------------------------------------------

  /**
   * For end-to-end tests, which run the stand-in in another process (google-stand-in-main.ts):
   * - `POST /_stand-in/faults` with JSON {drop?: fraction, hang?: fraction, fail503Once?: true,
   *   expireAccessTokenOnce?: true, quotaExceeded?: boolean, uploadLimitExceeded?: boolean,
   *   revokeFails?: boolean, thumbnailForbidden?: boolean, reset?: true} sets faults as the
   *   methods of the same names do (reset first);
   * - `POST /_stand-in/accounts` with JSON {email, channel: {id, title, pictureUrl} | null} adds an
   *   account;
   * - `GET /_stand-in/state` answers what YouTube holds: videos (without their bytes), uploads,
   *   subscriptions, revoked tokens, counts.
   */
  async function control(request: IncomingMessage, path: string): Promise<Reply> {
    if (request.method === 'POST' && path === `${CONTROL_PATH}/faults`) {
      const body = await readJson(request);
      if (body.reset) standIn.resetFaults();
      if (typeof body.drop === 'number') standIn.dropAtFraction(body.drop);
      if (typeof body.hang === 'number') standIn.hangAtFraction(body.hang);
      if (body.fail503Once) standIn.fail503Once();
      if (body.expireAccessTokenOnce) standIn.expireAccessTokenOnce();
      if (typeof body.quotaExceeded === 'boolean') standIn.quotaExceeded(body.quotaExceeded);
      if (typeof body.uploadLimitExceeded === 'boolean')
        standIn.uploadLimitExceeded(body.uploadLimitExceeded);
      if (typeof body.revokeFails === 'boolean') standIn.revokeFails(body.revokeFails);
      if (typeof body.thumbnailForbidden === 'boolean')
        standIn.thumbnailForbidden(body.thumbnailForbidden);
      return { status: 200, body: { faults: { ...faults } } };
    }
    if (request.method === 'POST' && path === `${CONTROL_PATH}/accounts`) {
      const body = await readJson(request);
      if (typeof body.email !== 'string') return { status: 400, body: { error: 'email needed' } };
      return {
        status: 200,
        body: { ...standIn.addAccount(body as unknown as GoogleAccount) },
      };
    }
    if (request.method === 'GET' && path === `${CONTROL_PATH}/state`) {
      return {
        status: 200,
        body: {
          videos: [...standIn.videos.values()].map(({ bytes, thumbnail, ...video }) => ({
            ...video,
            size: bytes.length,
            thumbnail: thumbnail
              ? { contentType: thumbnail.contentType, size: thumbnail.bytes.length }
              : null,
          })),
          uploads: [...standIn.uploads.values()],
          sessionsCreated: standIn.sessionsCreated,
          subscriptions: standIn.subscriptions,
          revokedTokens: standIn.revokedTokens,
          refreshes: standIn.refreshes,
          accounts: [...standIn.accounts.values()],
        },
      };
    }
    return { status: 404, body: { error: `no control ${request.method} ${path}` } };
  }

  // --- Routing ---------------------------------------------------------------------------------

  /** A channel picture: the channel's initial on a coloured disc, as SVG. */
  function picture(path: string): Reply {
    const name = decodeURIComponent(path.slice('/pictures/'.length)).replace(/\.svg$/, '');
    const initial = (name[0] ?? '?').toUpperCase();
    return {
      status: 200,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' },
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 88 88"><circle cx="44" cy="44" r="44" fill="#c2185b"/><text x="44" y="58" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${initial}</text></svg>`,
    };
  }

  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<Reply | null> {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (path.startsWith(`${CONTROL_PATH}/`)) return control(request, path);
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return authorize(url);
    // What a browser asks of any page: a channel's picture, and the site's icon.
    if (method === 'GET' && path.startsWith('/pictures/')) return picture(path);
    if (method === 'GET' && path === '/favicon.ico') return { status: 204, body: '' };
    if (method === 'POST' && path === '/token') return tokenEndpoint(request);
    if (method === 'POST' && path === '/revoke') return revokeEndpoint(request, url);
    if (method === 'GET' && path === '/youtube/v3/channels') return channelsList(request, url);
    if (method === 'POST' && path === '/upload/youtube/v3/videos') return startUpload(request, url);
    if (method === 'PUT' && path === '/upload/youtube/v3/videos')
      return putUpload(request, response, url);
    if (method === 'POST' && path === '/upload/youtube/v3/thumbnails/set')
      return setThumbnail(request, url);
    if (method === 'POST' && path === '/upload/youtube/v3/captions')
      return insertCaption(request, url);
    if (method === 'POST' && path === '/youtube/v3/subscriptions') return subscribe(request, url);
    return apiError(404, 'notFound', `The stand-in has no ${method} ${path}.`);
  }

  async function send(request: IncomingMessage, response: ServerResponse, reply: Reply) {
    // Read what the client still sends, so that it reads the answer rather than a reset.
    if (!request.readableEnded) {
      await new Promise<void>((resolve) => {
        request.on('end', resolve);
        request.on('close', resolve);
        request.on('error', () => resolve());
        request.resume();
      });
    }
    const text =
      typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {}, null, 2);
    const headers: Record<string, string> = {
      ...(typeof reply.body === 'string'
        ? {}
        : { 'content-type': 'application/json; charset=UTF-8' }),
      ...reply.headers,
      'content-length': String(Buffer.byteLength(text)),
    };
    if (!response.destroyed) {
      response.writeHead(reply.status, headers);
      response.end(text);
    }
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const log = (status: number) => {
      if (!url.pathname.startsWith(`${CONTROL_PATH}/`))
        standIn.requests.push({ method: request.method ?? 'GET', path: url.pathname, status });
    };
    route(request, response, url)
      .catch((error: unknown) => {
        if (error instanceof Refusal) return error.reply;
        return apiError(500, 'backendError', `Stand-in failure: ${String(error)}`);
      })
      .then(async (reply) => {
        log(reply?.status ?? 0);
        if (reply) await send(request, response, reply);
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  standIn.endpoints = {
    authUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    apiUrl: `${base}/`,
  };
  standIn.env = {
    ...GOOGLE_STAND_IN_CLIENT,
    YOUTUBE_CHANNEL_ID: WAVEFRAME_CHANNEL_ID,
    GOOGLE_OAUTH_AUTH_URL: standIn.endpoints.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: standIn.endpoints.tokenUrl,
    GOOGLE_OAUTH_REVOKE_URL: standIn.endpoints.revokeUrl,
    YOUTUBE_API_URL: standIn.endpoints.apiUrl,
  };
  return standIn;
}
