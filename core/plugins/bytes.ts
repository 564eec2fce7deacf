// Base64 and PEM for the licence code, without atob/Buffer (core runs in browsers, workers and
// Node alike).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map([...ALPHABET].map((char, index) => [char, index]));

/** Bytes as base64url without padding. */
export function bytesToBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return out.replaceAll('+', '-').replaceAll('/', '_');
}

/** base64 or base64url, padded or not, to bytes; throws on any other character. */
export function base64urlToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (clean.length % 4 === 1) throw new Error('Not base64');
  const out = new Uint8Array(Math.floor((clean.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of clean) {
    const value = VALUES.get(char);
    if (value === undefined) throw new Error('Not base64');
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/** The DER bytes of a PEM block (any label), or of bare base64 text. */
export function pemToDer(text: string): Uint8Array {
  const body = text
    .replace(/-----BEGIN [A-Z ]+-----/, '')
    .replace(/-----END [A-Z ]+-----/, '')
    .replace(/\s+/g, '');
  return base64urlToBytes(body);
}
