// The Ed25519 key that signs plugin licence keys. It comes from PLUGIN_LICENCE_PRIVATE_KEY, or
// is generated once into DATA_DIR/secrets with owner-only permissions, as the YouTube token key
// is (every process of one installation must sign with the same key: set the variable when the
// API runs on several machines, and keep it: a new key invalidates every licence already issued).

import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { readOrCreateSecretFile } from './secret-file';

export interface LicenceSigner {
  /** The public key as PEM (SPKI), for the plugin pages and offline checks. */
  publicKeyPem: string;
  /** The 64-byte Ed25519 signature of `message` (UTF-8). */
  sign(message: string): Uint8Array;
}

/** A private key from PKCS#8 PEM or base64 DER text; throws unless it is an Ed25519 key. */
export function parseLicencePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 private key');
  return key;
}

/** The signer: from the setting, else the key file (created on first use, mode 0600). */
export async function loadLicenceSigner(options: {
  privateKey: string | undefined;
  keyFile: string;
}): Promise<LicenceSigner> {
  const key = options.privateKey
    ? parseLicencePrivateKey(options.privateKey)
    : await keyFromFile(options.keyFile);
  return {
    publicKeyPem: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
    sign: (message) => new Uint8Array(sign(null, Buffer.from(message, 'utf8'), key)),
  };
}

async function keyFromFile(file: string): Promise<KeyObject> {
  const make = () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return readKeyFile(await readOrCreateSecretFile(file, make), file);
}

function readKeyFile(text: string, file: string): KeyObject {
  try {
    return parseLicencePrivateKey(text);
  } catch {
    throw new Error(`${file} does not hold an Ed25519 private key (PKCS#8 PEM)`);
  }
}
