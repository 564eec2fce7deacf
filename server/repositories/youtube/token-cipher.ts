// Google refresh tokens are kept sealed at rest with AES-256-GCM: a leaked database alone
// publishes nothing. The key comes from TOKEN_ENCRYPTION_KEY, or is generated once into
// DATA_DIR/secrets with owner-only permissions (every process of one installation must see the
// same key: set the variable when workers run on other machines).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readOrCreateSecretFile } from '../secret-file';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export interface TokenCipher {
  seal(plain: string): Promise<string>;
  /** Throws when the sealed text was altered or sealed with another key. */
  open(sealed: string): Promise<string>;
}

/** The key: from the setting, else the key file (created on first use, mode 0600). */
export async function loadTokenKey(options: {
  base64: string | undefined;
  keyFile: string;
}): Promise<Buffer> {
  if (options.base64) return Buffer.from(options.base64, 'base64');
  const make = () => `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  return keyFromFile(await readOrCreateSecretFile(options.keyFile, make), options.keyFile);
}

function keyFromFile(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/** A cipher whose key is loaded on first use (installations without YouTube never make one). */
export function tokenCipher(loadKey: () => Promise<Buffer>): TokenCipher {
  let key: Promise<Buffer> | null = null;
  const theKey = () => (key ??= loadKey());
  return {
    async seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await theKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    async open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('Not a sealed token');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        await theKey(),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
