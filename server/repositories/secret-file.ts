import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The text of a secret kept in a file of its own (owner-only: folder 0700, file 0600), written
 * once with `make()` when the file does not exist yet. Two processes starting at once cannot both
 * write one: the file is created exclusively ('wx') and the loser reads the winner's.
 */
export async function readOrCreateSecretFile(file: string, make: () => string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, make(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(file, 'utf8');
}
