import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ADVISORY_LOCKS, ADVISORY_LOCK_NAMESPACES } from '../../../server/db/advisory-locks';

const SERVER = path.resolve(import.meta.dirname, '../../../server');
const REGISTRY = path.join(SERVER, 'db/advisory-locks.ts');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.m?ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('advisory locks', () => {
  test('no two locks or namespaces share a number, and every number is a 32-bit integer', () => {
    const numbers = [...Object.values(ADVISORY_LOCKS), ...Object.values(ADVISORY_LOCK_NAMESPACES)];
    expect(numbers.length).toBeGreaterThanOrEqual(4);
    // One key and two keys are separate spaces in PostgreSQL; distinct across both is stricter.
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) {
      expect(Number.isInteger(number)).toBe(true);
      expect(Math.abs(number)).toBeLessThan(2 ** 31);
    }
  });

  test('every module that takes an advisory lock takes its number from the registry', async () => {
    const takers: string[] = [];
    for (const file of await sourceFiles(SERVER)) {
      if (file === REGISTRY) continue;
      const text = await readFile(file, 'utf8');
      if (!/pg_(try_)?advisory_(xact_)?lock/.test(text)) continue;
      takers.push(path.relative(SERVER, file));
      expect(text, file).toMatch(/from '(\.\.?\/)+(db\/)?advisory-locks'/);
      // A number of its own beside the registry's would be a namespace nobody checks.
      expect(text, file).not.toMatch(/\b727_?274_?\d{3}\b/);
    }
    // The scan finds the locks we know of (and any added later).
    expect(takers).toEqual(
      expect.arrayContaining(
        [
          'db/database.ts',
          'repositories/render-slots.repository.ts',
          'repositories/upload-locker.ts',
        ].map((file) => file.split('/').join(path.sep)),
      ),
    );
  });
});
