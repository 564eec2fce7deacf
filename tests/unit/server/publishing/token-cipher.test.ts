import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadTokenKey, tokenCipher } from '../../../../server/repositories/youtube/token-cipher';
import { checkState, signState } from '../../../../server/services/publishing/youtube-access';
import { makeTempDir } from '../../../support/temp-dir';

type TempDir = Awaited<ReturnType<typeof makeTempDir>>;

let dir: TempDir | undefined;
afterEach(async () => {
  await dir?.remove();
  dir = undefined;
});

describe('token cipher', () => {
  test('seals with AES-256-GCM: opens back, differs every time, refuses tampering', async () => {
    const key = Buffer.alloc(32, 7);
    const cipher = tokenCipher(async () => key);
    const one = await cipher.seal('1//refresh-token');
    const two = await cipher.seal('1//refresh-token');
    expect(one).not.toBe(two);
    expect(one).not.toContain('refresh');
    expect(await cipher.open(one)).toBe('1//refresh-token');
    const parts = one.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    parts[3] = body.toString('base64url');
    await expect(cipher.open(parts.join('.'))).rejects.toThrow();
    const otherKey = tokenCipher(async () => Buffer.alloc(32, 8));
    await expect(otherKey.open(one)).rejects.toThrow();
  });

  test('without a configured key, one is generated once into the data folder, owner-only', async () => {
    dir = await makeTempDir('token-key');
    const keyFile = path.join(dir.dir, 'secrets', 'token-encryption.key');
    const [first, second] = await Promise.all([
      loadTokenKey({ base64: undefined, keyFile }),
      loadTokenKey({ base64: undefined, keyFile }),
    ]);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect((await loadTokenKey({ base64: undefined, keyFile })).equals(first)).toBe(true);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const configured = Buffer.alloc(32, 3).toString('base64');
    expect((await loadTokenKey({ base64: configured, keyFile })).equals(Buffer.alloc(32, 3))).toBe(
      true,
    );
  });
});

describe('OAuth state', () => {
  const tokenKey = { base64: Buffer.alloc(32, 9).toString('base64'), keyFile: '/nonexistent' };
  const config = { tokenKey };
  const mine = { userUuid: 'user-1', redirectUri: 'http://localhost/media/connected-accounts' };

  test('is accepted back by the user who started it, for the same address, in time', async () => {
    const now = Date.now();
    const state = await signState(config, { ...mine, purpose: 'subscribe' }, now);
    expect(await checkState(config, state, mine, now + 60_000)).toBe('subscribe');
    expect(await checkState(config, state, { ...mine, userUuid: 'user-2' }, now)).toBeNull();
    expect(
      await checkState(config, state, { ...mine, redirectUri: 'http://evil/x' }, now),
    ).toBeNull();
    expect(await checkState(config, state, mine, now + 16 * 60_000)).toBeNull();
    expect(await checkState(config, `${state}x`, mine, now)).toBeNull();
    expect(await checkState(config, 'not-a-state', mine, now)).toBeNull();
  });
});
