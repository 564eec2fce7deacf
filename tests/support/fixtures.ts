import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The shared real media (../shared/fixtures from the project root); read-only. */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');

export const fixture = (relative: string) => path.join(FIXTURES, relative);

export async function fixtureSha256(relative: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(fixture(relative)))
    .digest('hex');
}
