import { createHash, generateKeyPairSync } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { encodeLicence, licenceMessage, verifyLicence } from '../../../../core/plugins/licence';
import { pluginsFolder } from '../../../../server/repositories/plugins-folder';
import {
  loadLicenceSigner,
  parseLicencePrivateKey,
} from '../../../../server/repositories/plugins-licence-key';
import { PluginCatalogue } from '../../../../server/services/plugins/plugin-catalogue';
import { parseManifest } from '../../../../server/services/plugins/plugin-manifest';
import { loadConfig } from '../../../../server/config';
import { makeTempDir } from '../../../support/temp-dir';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const release = (changes: Record<string, unknown> = {}) => ({
  version: '1.0.0',
  platform: 'linux',
  file: 'ganymede-1.0.0-linux.zip',
  size: 5,
  sha256: sha('hello'),
  ...changes,
});
const plugin = (changes: Record<string, unknown> = {}) => ({
  id: 'ganymede-visualizer',
  name: 'Ganymede Visualizer',
  premium: true,
  releases: [release()],
  ...changes,
});
const manifest = (...plugins: unknown[]) => JSON.stringify({ plugins });

let dir: Awaited<ReturnType<typeof makeTempDir>> | undefined;
afterEach(async () => {
  await dir?.remove();
  dir = undefined;
});

describe('the plugins manifest', () => {
  test('a good manifest gives its plugins, descriptions optional, hashes in lower case', () => {
    const parsed = parseManifest(
      manifest(plugin({ releases: [release({ sha256: sha('hello').toUpperCase() })] })),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.plugins).toEqual([
      {
        id: 'ganymede-visualizer',
        name: 'Ganymede Visualizer',
        description: null,
        premium: true,
        releases: [release()],
      },
    ]);
  });

  test('text that is not a manifest offers nothing and says why', () => {
    expect(parseManifest('{ plugins: ').problems[0]).toMatch(/^manifest\.json is not JSON/);
    expect(parseManifest('[]')).toEqual({
      plugins: [],
      problems: ['manifest.json must hold {"plugins": [...]}'],
    });
  });

  test('bad entries are left out one by one, with the reason; the good ones stay', () => {
    const parsed = parseManifest(
      manifest(
        plugin({
          releases: [
            release(),
            release({ file: '../../etc/passwd' }),
            release({ platform: 'amiga' }),
            release({ size: -1 }),
            release({ sha256: 'abc' }),
            release({ file: 'again.zip' }),
          ],
        }),
        plugin({ name: 'Twice' }),
        plugin({ id: 'Bad Id' }),
        plugin({ id: 'free-one', premium: 'yes' }),
      ),
    );
    expect(parsed.plugins.map((p) => p.id)).toEqual(['ganymede-visualizer']);
    expect(parsed.plugins[0]!.releases).toEqual([release()]);
    expect(parsed.problems).toEqual([
      'ganymede-visualizer releases[1] is left out: file: file must be a plain file name inside the plugins folder',
      'ganymede-visualizer releases[2] is left out: platform: platform must be one of windows, macos, linux',
      'ganymede-visualizer releases[3] is left out: size: size must be at least 1',
      'ganymede-visualizer releases[4] is left out: sha256: sha256 must be 64 hexadecimal digits',
      'ganymede-visualizer releases[5] is left out: 1.0.0 for linux is listed twice',
      'plugins[1] is left out: the id "ganymede-visualizer" is used twice',
      'plugins[2] is left out: id: id must be lower-case letters, digits and dashes',
      'plugins[3] is left out: premium: premium must be true or false',
    ]);
  });
});

describe('the plugins folder', () => {
  test('offers only files whose size and SHA-256 match, newest first, and logs each problem once', async () => {
    dir = await makeTempDir('plugins');
    const write = (name: string, text: string) => writeFile(path.join(dir!.dir, name), text);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const catalogue = new PluginCatalogue(pluginsFolder(dir.dir), log);

    expect(await catalogue.current()).toEqual({ plugins: [], problems: [], manifestFound: false });

    await write('old.zip', 'hello');
    await write('new.zip', 'world');
    await write('wrong-hash.zip', 'HELLO');
    await write('wrong-size.zip', 'hello!');
    await write(
      'manifest.json',
      manifest(
        plugin({
          releases: [
            release({ version: '1.9.0', file: 'old.zip' }),
            release({ version: '1.10.0', file: 'new.zip', sha256: sha('world') }),
            release({ version: '2.0.0', file: 'wrong-hash.zip' }),
            release({ version: '2.0.1', file: 'wrong-size.zip' }),
            release({ version: '2.1.0', file: 'missing.zip' }),
          ],
        }),
      ),
    );
    const first = await catalogue.current();
    expect(first.manifestFound).toBe(true);
    expect(first.plugins[0]!.releases.map((r) => r.version)).toEqual(['1.10.0', '1.9.0']);
    expect(first.problems).toEqual([
      `ganymede-visualizer 2.0.0 for linux: wrong-hash.zip has the SHA-256 ${sha('HELLO')}, the manifest says ${sha('hello')}, so it is not offered`,
      'ganymede-visualizer 2.0.1 for linux: wrong-size.zip has 6 bytes, the manifest says 5, so it is not offered',
      'ganymede-visualizer 2.1.0 for linux: missing.zip is not in the plugins folder, so it is not offered',
    ]);
    await catalogue.current();
    expect(lines.filter((line) => line.includes('Audio plugins:'))).toHaveLength(3);
    expect(JSON.parse(lines[0]!).level).toBe(50);

    // A file replaced after the check is checked again before it is served.
    const served = first.plugins[0]!.releases[1]!;
    expect(await catalogue.stillMatches(served)).toBe(true);
    await write('old.zip', 'jello');
    expect(await catalogue.stillMatches(served)).toBe(false);

    // A broken manifest: nothing offered, the reason logged, no exception.
    await write('manifest.json', '{"plugins": [');
    const broken = await catalogue.current();
    expect(broken.plugins).toEqual([]);
    expect(broken.problems[0]).toMatch(/manifest\.json is not JSON/);
  });
});

describe('the licence signing key', () => {
  test('without a setting, one key is generated once into the data folder, owner-only', async () => {
    dir = await makeTempDir('plugin-key');
    const keyFile = path.join(dir.dir, 'secrets', 'plugin-licence.key');
    const [first, second] = await Promise.all([
      loadLicenceSigner({ privateKey: undefined, keyFile }),
      loadLicenceSigner({ privateKey: undefined, keyFile }),
    ]);
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    expect((await loadLicenceSigner({ privateKey: undefined, keyFile })).publicKeyPem).toBe(
      first.publicKeyPem,
    );
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  test('a configured key is taken as PEM or base64 DER; another kind of key is refused', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const fromPem = await loadLicenceSigner({ privateKey: pem, keyFile: '/nonexistent' });
    const fromDer = await loadLicenceSigner({ privateKey: der, keyFile: '/nonexistent' });
    expect(fromDer.publicKeyPem).toBe(fromPem.publicKeyPem);

    const message = licenceMessage({ v: 1, sub: 'u', plugin: 'p', iat: 0, exp: 2 ** 40 });
    const key = encodeLicence(message, fromPem.sign(message));
    expect((await verifyLicence(key, fromDer.publicKeyPem)).valid).toBe(true);

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() =>
      parseLicencePrivateKey(rsa.export({ type: 'pkcs8', format: 'pem' }).toString()),
    ).toThrow('not an Ed25519 private key');
  });
});

describe('the plugin settings', () => {
  test('PLUGINS_DIR defaults to DATA_DIR/plugins, licences to a year and a key file in DATA_DIR/secrets', () => {
    const config = loadConfig({ DATA_DIR: '/srv/waveframe' });
    expect(config.plugins).toEqual({
      dir: '/srv/waveframe/plugins',
      licencePrivateKey: undefined,
      licenceKeyFile: '/srv/waveframe/secrets/plugin-licence.key',
      licenceDays: 365,
    });
    expect(
      loadConfig({ DATA_DIR: '/srv/w', PLUGINS_DIR: '/releases', PLUGIN_LICENCE_DAYS: '30' })
        .plugins,
    ).toMatchObject({ dir: '/releases', licenceDays: 30 });
  });

  test('a licence key that is not an Ed25519 private key stops the start, without repeating it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const value of [rsa, 'not a key']) {
      let message = '';
      try {
        loadConfig({ PLUGIN_LICENCE_PRIVATE_KEY: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(
        'Invalid configuration: PLUGIN_LICENCE_PRIVATE_KEY must be an Ed25519 private key, PKCS#8 PEM or base64 DER (openssl genpkey -algorithm ed25519).',
      );
    }
    const ed = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('base64');
    expect(loadConfig({ PLUGIN_LICENCE_PRIVATE_KEY: ed }).plugins.licencePrivateKey).toBe(ed);
  });
});
