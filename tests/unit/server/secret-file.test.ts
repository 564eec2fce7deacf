import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError } from '../../../server/config';
import {
  readOrCreateSecretFile,
  refuseOpenSecretFiles,
} from '../../../server/repositories/secret-file';
import { makeTempDir } from '../../support/temp-dir';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let keyFile: string;

beforeEach(async () => {
  temp = await makeTempDir('secret-file');
  keyFile = path.join(temp.dir, 'secrets', 'token-encryption.key');
});
afterEach(() => temp.remove());

async function existingKey(mode: number) {
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  await writeFile(keyFile, 'the key\n');
  // chmod after writing: the test's file has exactly this mode, whatever the umask.
  await chmod(keyFile, mode);
}

/** Runs `work` under a umask that would leave new files and folders open to everyone. */
async function withOpenUmask<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.umask(0);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

describe('readOrCreateSecretFile', () => {
  test('creates the file 0600 in a 0700 folder even under umask 0', async () => {
    const text = await withOpenUmask(() => readOrCreateSecretFile(keyFile, () => 'made\n'));
    expect(text).toBe('made\n');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(keyFile))).mode & 0o777).toBe(0o700);
    // Nothing half-made is left beside it.
    expect(await readdir(path.dirname(keyFile))).toEqual(['token-encryption.key']);
  });

  test('reads an existing 0600 file and never makes another', async () => {
    await existingKey(0o600);
    const text = await readOrCreateSecretFile(keyFile, () => {
      throw new Error('must not make a key when one exists');
    });
    expect(text).toBe('the key\n');
  });

  test.each(['0644', '0640', '0604', '0620'])(
    'refuses a file of mode %s and says how to fix it',
    async (mode) => {
      await existingKey(parseInt(mode, 8));
      const reading = readOrCreateSecretFile(keyFile, () => 'made\n');
      await expect(reading).rejects.toThrow(ConfigError);
      await expect(reading).rejects.toThrow(
        `${keyFile} is open to other users (mode ${mode}): run chmod 600 ${keyFile} and start again.`,
      );
    },
  );

  test('a process starting beside the one making the file reads the whole secret', async () => {
    // Two makers race for a new file; the loser must read the winner's text, never a file
    // created but not yet fully written. A large text keeps the winner writing long enough
    // for the loser to look.
    const texts = await Promise.all(
      ['a', 'b'].map((maker) => readOrCreateSecretFile(keyFile, () => maker.repeat(32 << 20))),
    );
    expect(texts.map((text) => text.length)).toEqual([32 << 20, 32 << 20]);
    expect(texts[1] === texts[0]).toBe(true);
  });
});

describe('refuseOpenSecretFiles, at start', () => {
  test('accepts 0600 files and files not made yet', async () => {
    await existingKey(0o600);
    await expect(
      refuseOpenSecretFiles([keyFile, path.join(temp.dir, 'secrets', 'plugin-licence.key')]),
    ).resolves.toBeUndefined();
  });

  test('refuses a file others can read, naming it and the fix', async () => {
    await existingKey(0o644);
    await expect(refuseOpenSecretFiles([keyFile])).rejects.toThrow(
      `${keyFile} is open to other users (mode 0644): run chmod 600 ${keyFile} and start again.`,
    );
  });
});
