import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../../core/plugins/bytes';
import {
  decodeLicence,
  encodeLicence,
  licenceMessage,
  verifyLicence,
  type LicencePayload,
} from '../../../../core/plugins/licence';

// The server signs with node:crypto; core checks with WebCrypto alone, as a browser would.
function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const raw = publicKey.export({ format: 'jwk' }).x!;
  return {
    pem,
    raw,
    issue: (payload: LicencePayload) => {
      const message = licenceMessage(payload);
      return encodeLicence(message, new Uint8Array(sign(null, Buffer.from(message), privateKey)));
    },
  };
}

const NOW = new Date('2026-11-25T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const payload: LicencePayload = {
  v: 1,
  sub: '7b0f6c1e-4a43-4a5e-9d61-0c8e3f1d2a77',
  plugin: 'ganymede-visualizer',
  iat: seconds(NOW) - 3600,
  exp: seconds(NOW) + 365 * 86400,
};

describe('plugin licence keys', () => {
  const keys = keyPair();
  const key = keys.issue(payload);

  test('a signed key has the WF1 form and verifies with the public key, as PEM or raw', async () => {
    expect(key).toMatch(/^WF1\.[\w-]+\.[\w-]{86}$/);
    expect(decodeLicence(key)?.payload).toEqual(payload);
    expect(await verifyLicence(key, keys.pem, { now: NOW })).toEqual({ valid: true, payload });
    expect((await verifyLicence(key, keys.raw, { now: NOW })).valid).toBe(true);
    expect(
      await verifyLicence(`  ${key}\n`, keys.pem, {
        now: NOW,
        plugin: 'ganymede-visualizer',
        userId: payload.sub,
      }),
    ).toEqual({ valid: true, payload });
  });

  test('a changed payload or signature fails', async () => {
    const [prefix, body, signature] = key.split('.') as [string, string, string];
    const forged = JSON.parse(new TextDecoder().decode(base64urlToBytes(body)));
    forged.exp += 10 * 365 * 86400;
    const longer = `${prefix}.${bytesToBase64url(new TextEncoder().encode(JSON.stringify(forged)))}.${signature}`;
    expect(await verifyLicence(longer, keys.pem, { now: NOW })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    const bytes = base64urlToBytes(signature);
    bytes[10]! ^= 1;
    const flipped = `${prefix}.${body}.${bytesToBase64url(bytes)}`;
    expect(await verifyLicence(flipped, keys.pem, { now: NOW })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    expect((await verifyLicence(`WF2.${body}.${signature}`, keys.pem)).valid).toBe(false);
  });

  test('a key signed by another key pair fails', async () => {
    const other = keyPair();
    expect(await verifyLicence(other.issue(payload), keys.pem, { now: NOW })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    expect((await verifyLicence(key, other.pem, { now: NOW })).valid).toBe(false);
  });

  test('an expired key fails from its exp second on', async () => {
    const end = new Date(payload.exp * 1000);
    expect(
      (await verifyLicence(key, keys.pem, { now: new Date(end.getTime() - 1000) })).valid,
    ).toBe(true);
    expect(await verifyLicence(key, keys.pem, { now: end })).toMatchObject({
      valid: false,
      reason: 'expired',
      payload,
    });
  });

  test('a key for another user or another plugin fails when those are asked for', async () => {
    expect(await verifyLicence(key, keys.pem, { now: NOW, userId: 'another-user' })).toMatchObject({
      valid: false,
      reason: 'other-user',
    });
    expect(
      await verifyLicence(key, keys.pem, { now: NOW, plugin: 'another-plugin' }),
    ).toMatchObject({ valid: false, reason: 'other-plugin' });
  });

  test('text that is not a key is malformed, never an exception', async () => {
    for (const text of [
      '',
      'WF1',
      'WF1.e30.',
      'WF1.!!!.abc',
      `WF1.${bytesToBase64url(new TextEncoder().encode('{"v":1}'))}.${'A'.repeat(86)}`,
    ]) {
      expect(await verifyLicence(text, keys.pem)).toEqual({ valid: false, reason: 'malformed' });
    }
    expect((await verifyLicence(key, 'not a key', { now: NOW })).valid).toBe(false);
  });

  test('base64url round-trips every length', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      const text = bytesToBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(base64urlToBytes(text)).toEqual(bytes);
    }
  });
});
