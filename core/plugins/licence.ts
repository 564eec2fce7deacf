// The plugin licence key (issue 14): who may run which plugin until when, signed with Ed25519 by
// the server and checked anywhere with the public key alone, offline (in the plugin, in the
// browser, with openssl). Format: `WF1.<payload>.<signature>`, both parts base64url without
// padding; the payload is JSON {v, sub, plugin, iat, exp} (times in Unix seconds) and the
// signature covers the ASCII text `WF1.<payload>`, so neither the version nor the payload can be
// changed without breaking it. Only WebCrypto is used here (Node 20 and browsers both have it).

import { base64urlToBytes, bytesToBase64url, pemToDer } from './bytes';

export const LICENCE_PREFIX = 'WF1';

export interface LicencePayload {
  v: 1;
  /** The user the licence was issued to (their user_uuid). */
  sub: string;
  /** The plugin id of the manifest, e.g. "ganymede-visualizer". */
  plugin: string;
  /** Issued at, Unix seconds. */
  iat: number;
  /** Valid until (excluded), Unix seconds. */
  exp: number;
}

const utf8 = {
  encode: (text: string): Uint8Array =>
    new (globalThis as unknown as TextCodecs).TextEncoder().encode(text),
  decode: (bytes: Uint8Array): string =>
    new (globalThis as unknown as TextCodecs).TextDecoder('utf-8', { fatal: true }).decode(bytes),
};

interface TextCodecs {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label: string,
    options: { fatal: boolean },
  ) => { decode(bytes: Uint8Array): string };
}

/** The slice of WebCrypto used here (core compiles without the DOM and Node type libraries). */
interface Subtle {
  importKey(
    format: 'spki' | 'raw',
    key: Uint8Array,
    algorithm: { name: 'Ed25519' },
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: unknown,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
}

function subtle(): Subtle {
  const found = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (!found) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return found;
}

/** The text a licence signature covers: `WF1.<base64url payload>`. */
export function licenceMessage(payload: LicencePayload): string {
  return `${LICENCE_PREFIX}.${bytesToBase64url(utf8.encode(JSON.stringify(payload)))}`;
}

/** Joins the signed message and its 64-byte Ed25519 signature into the licence key. */
export function encodeLicence(message: string, signature: Uint8Array): string {
  return `${message}.${bytesToBase64url(signature)}`;
}

export interface DecodedLicence {
  payload: LicencePayload;
  /** The bytes the signature covers. */
  message: Uint8Array;
  signature: Uint8Array;
}

/** Splits and parses a key without checking its signature; null when it is not a WF1 key. */
export function decodeLicence(key: string): DecodedLicence | null {
  const parts = key.trim().split('.');
  if (parts.length !== 3 || parts[0] !== LICENCE_PREFIX) return null;
  try {
    const payload = JSON.parse(utf8.decode(base64urlToBytes(parts[1]!))) as unknown;
    const signature = base64urlToBytes(parts[2]!);
    if (!isPayload(payload) || signature.length !== 64) return null;
    return { payload, message: utf8.encode(`${parts[0]}.${parts[1]}`), signature };
  } catch {
    return null;
  }
}

function isPayload(value: unknown): value is LicencePayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    p.v === 1 &&
    typeof p.sub === 'string' &&
    p.sub !== '' &&
    typeof p.plugin === 'string' &&
    p.plugin !== '' &&
    Number.isSafeInteger(p.iat) &&
    Number.isSafeInteger(p.exp)
  );
}

export type LicenceCheck =
  | { valid: true; payload: LicencePayload }
  | {
      valid: false;
      reason: 'malformed' | 'bad-signature' | 'expired' | 'other-plugin' | 'other-user';
      payload?: LicencePayload;
    };

/**
 * Checks a licence key against the public key (PEM "PUBLIC KEY", base64 SPKI, or the raw 32
 * bytes in base64/base64url) at `now`; optionally that it is for this plugin and this user.
 */
export async function verifyLicence(
  key: string,
  publicKey: string,
  options: { now?: Date; plugin?: string; userId?: string } = {},
): Promise<LicenceCheck> {
  const decoded = decodeLicence(key);
  if (!decoded) return { valid: false, reason: 'malformed' };
  const { payload } = decoded;
  let signed: boolean;
  try {
    const der = pemToDer(publicKey);
    const format = der.length === 32 ? 'raw' : 'spki';
    const imported = await subtle().importKey(format, der, { name: 'Ed25519' }, false, ['verify']);
    signed = await subtle().verify(
      { name: 'Ed25519' },
      imported,
      decoded.signature,
      decoded.message,
    );
  } catch {
    signed = false;
  }
  if (!signed) return { valid: false, reason: 'bad-signature', payload };
  if (options.plugin !== undefined && payload.plugin !== options.plugin) {
    return { valid: false, reason: 'other-plugin', payload };
  }
  if (options.userId !== undefined && payload.sub !== options.userId) {
    return { valid: false, reason: 'other-user', payload };
  }
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (now >= payload.exp) return { valid: false, reason: 'expired', payload };
  return { valid: true, payload };
}
