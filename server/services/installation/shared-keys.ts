// Every instance of one installation (API processes, workers, on any machine) must use the same
// keys: a refresh token sealed by one must open on another, a licence signed by one must check
// against the public key another serves. Each instance generating its own key file would break
// that quietly, so the first start records each key's fingerprint and a different key stops
// the start with the setting to share.

import { createHash, createPublicKey } from 'node:crypto';
import { ConfigError, type Config } from '../../config';
import type { Db } from '../../db/database';
import { recordKeyFingerprint } from '../../repositories/installation-keys.repository';
import { loadLicenceSigner } from '../../repositories/plugins-licence-key';
import { loadTokenKey } from '../../repositories/youtube/token-cipher';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The token key's fingerprint: a hash of a value derived from it, which reveals nothing of it. */
export const tokenKeyFingerprint = (key: Buffer) =>
  sha256(Buffer.concat([Buffer.from('waveframe token key fingerprint\0'), key]));

/** The licence key's fingerprint: the SHA-256 of its public key (SPKI DER). */
export const licenceKeyFingerprint = (publicKeyPem: string) =>
  sha256(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }));

/**
 * Loads (or, with no setting, generates into DATA_DIR/secrets) the shared keys and throws a
 * ConfigError naming the setting when another instance on this database uses another key.
 */
export async function refuseForeignKeys(
  db: Db,
  config: Pick<Config, 'tokenKey' | 'plugins'>,
): Promise<void> {
  const tokenKey = await loadTokenKey(config.tokenKey);
  const signer = await loadLicenceSigner({
    privateKey: config.plugins.licencePrivateKey,
    keyFile: config.plugins.licenceKeyFile,
  });
  const keys = [
    {
      name: 'token-encryption',
      setting: 'TOKEN_ENCRYPTION_KEY',
      what: 'YouTube token key',
      generated: config.tokenKey.base64 ? undefined : config.tokenKey.keyFile,
      fingerprint: tokenKeyFingerprint(tokenKey),
    },
    {
      name: 'plugin-licence',
      setting: 'PLUGIN_LICENCE_PRIVATE_KEY',
      what: 'plugin licence key',
      generated: config.plugins.licencePrivateKey ? undefined : config.plugins.licenceKeyFile,
      fingerprint: licenceKeyFingerprint(signer.publicKeyPem),
    },
  ];
  for (const key of keys) {
    const shared = await recordKeyFingerprint(db, key.name, key.fingerprint);
    if (shared === key.fingerprint) continue;
    const origin = key.generated ? ` (generated in ${key.generated})` : '';
    throw new ConfigError(
      `This instance's ${key.what}${origin} differs from the one the other instances on this database use: set ${key.setting} to that same key on every instance and start again.`,
    );
  }
}
