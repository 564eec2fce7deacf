// The installation's YouTube access: one gateway and one token cipher per configuration, and the
// OAuth state parameter, signed so that a consent's return is accepted only by the user who
// started it, for the address it started from, within a quarter of an hour.

import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { AppError } from '../../errors/app-error';
import {
  loadTokenKey,
  tokenCipher,
  type TokenCipher,
} from '../../repositories/youtube/token-cipher';
import {
  youtubeGateway,
  type YouTubeConfig,
  type YouTubeGateway,
} from '../../repositories/youtube/youtube-gateway';
import { safeEqual } from '../../secrets';
import type { ConsentPurpose } from '../../../core/publishing/api-types';

const STATE_LIFETIME_MS = 15 * 60 * 1000;

export const NOT_CONFIGURED_MESSAGE =
  'This installation has no YouTube access configured. Ask its operator to set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET.';

interface Access {
  youtube: YouTubeConfig;
  gateway: YouTubeGateway;
}

const gateways = new WeakMap<YouTubeConfig, YouTubeGateway>();
const ciphers = new WeakMap<
  Config['tokenKey'],
  { cipher: TokenCipher; key: () => Promise<Buffer> }
>();

/** The gateway, or null where this installation has no YouTube access configured. */
export function youtubeOf(config: Pick<Config, 'youtube'>): Access | null {
  const youtube = config.youtube;
  if (!youtube) return null;
  let gateway = gateways.get(youtube);
  if (!gateway) {
    gateway = youtubeGateway(youtube);
    gateways.set(youtube, gateway);
  }
  return { youtube, gateway };
}

/** As youtubeOf, or a 503 the web app shows as it is. */
export function requireYoutube(config: Pick<Config, 'youtube'>): Access {
  const access = youtubeOf(config);
  if (!access) throw new AppError(503, 'YouTubeNotConfigured', NOT_CONFIGURED_MESSAGE);
  return access;
}

function keyOf(config: Pick<Config, 'tokenKey'>) {
  let entry = ciphers.get(config.tokenKey);
  if (!entry) {
    let loaded: Promise<Buffer> | null = null;
    const key = () => (loaded ??= loadTokenKey(config.tokenKey));
    entry = { cipher: tokenCipher(key), key };
    ciphers.set(config.tokenKey, entry);
  }
  return entry;
}

/** Seals and opens refresh tokens (AES-256-GCM). */
export const cipherOf = (config: Pick<Config, 'tokenKey'>): TokenCipher => keyOf(config).cipher;

async function stateKey(config: Pick<Config, 'tokenKey'>): Promise<Buffer> {
  // A key of its own, derived from the token key: a state signature reveals nothing about it.
  return Buffer.from(hkdfSync('sha256', await keyOf(config).key(), '', 'oauth-state', 32));
}

interface StatePayload {
  u: string;
  r: string;
  p: ConsentPurpose;
  e: number;
  n: string;
}

export async function signState(
  config: Pick<Config, 'tokenKey'>,
  input: { userUuid: string; redirectUri: string; purpose: ConsentPurpose },
  now = Date.now(),
): Promise<string> {
  const payload: StatePayload = {
    u: input.userUuid,
    r: input.redirectUri,
    p: input.purpose,
    e: now + STATE_LIFETIME_MS,
    n: randomBytes(8).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', await stateKey(config))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

/** The purpose of a state this user started for this address, or null if it is not one. */
export async function checkState(
  config: Pick<Config, 'tokenKey'>,
  state: string,
  expected: { userUuid: string; redirectUri: string },
  now = Date.now(),
): Promise<ConsentPurpose | null> {
  const [body, mac] = state.split('.');
  if (!body || !mac) return null;
  const good = createHmac('sha256', await stateKey(config))
    .update(body)
    .digest('base64url');
  if (!safeEqual(mac, good)) return null;
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
  } catch {
    return null;
  }
  if (payload.u !== expected.userUuid || payload.r !== expected.redirectUri) return null;
  if (typeof payload.e !== 'number' || payload.e < now) return null;
  return payload.p === 'subscribe' || payload.p === 'captions' ? payload.p : 'link';
}
