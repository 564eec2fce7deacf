import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config';

/** A secret file whose mode lets users other than its owner read or change it. */
export class SecretFileModeError extends ConfigError {}

/**
 * The text of a secret kept in a file of its own (owner-only: folder 0700, file 0600), written
 * once with `make()` when the file does not exist yet. An existing file open to other users is
 * refused rather than used.
 */
export async function readOrCreateSecretFile(file: string, make: () => string): Promise<string> {
  const existing = await readSecretFile(file);
  if (existing !== null) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, its mode given to the open() that creates it (a
  // umask can only narrow it), then linked into place: a process starting beside this one
  // never reads the file half written, and link() fails when another process was first,
  // whose secret then wins.
  const partial = `${file}.${randomBytes(8).toString('hex')}.partial`;
  try {
    await writeFile(partial, make(), { flag: 'wx', mode: 0o600 });
    await link(partial, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
  const created = await readSecretFile(file);
  if (created === null) throw new Error(`${file} disappeared as it was created`);
  return created;
}

/**
 * Checked at start, before the files are first used (the keys are loaded on first use):
 * a secret file open to other users stops the process with the command that fixes it.
 */
export async function refuseOpenSecretFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    try {
      refuseOpenMode(file, (await stat(file)).mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** The file's text, or null when there is none yet. */
async function readSecretFile(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    // The mode of the file read, not of whatever the name pointed to a moment before.
    refuseOpenMode(file, (await handle.stat()).mode);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

function refuseOpenMode(file: string, mode: number): void {
  if ((mode & 0o077) === 0) return;
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  throw new SecretFileModeError(
    `${file} is open to other users (mode ${octal}): run chmod 600 ${file} and start again.`,
  );
}
