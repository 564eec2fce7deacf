import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// What the web build is made from. A change in any of them makes dist/ stale.
const INPUTS = [
  'src',
  'workers',
  'core',
  'public',
  'content',
  'scripts/release-posts.ts',
  'scripts/vite-release-posts.ts',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
];
const STAMP = '.build-hash';

async function* filesUnder(entry: string): AsyncGenerator<string> {
  if (!existsSync(entry)) return;
  const stats = await readdir(entry, { withFileTypes: true }).catch(() => null);
  if (!stats) {
    yield entry;
    return;
  }
  for (const item of stats.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.join(entry, item.name);
    if (item.isDirectory()) yield* filesUnder(child);
    else if (item.isFile()) yield child;
  }
}

/** A hash of every input file's path and content. */
export async function hashWebInputs(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for await (const file of filesUnder(path.join(root, input))) {
      hash
        .update(path.relative(root, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** Builds dist/ with Vite unless it was built from exactly the current inputs. */
export async function ensureWebBuild(
  root: string,
  distDir: string,
  log: (line: string) => void,
): Promise<void> {
  const inputsHash = await hashWebInputs(root);
  const stampFile = path.join(distDir, STAMP);
  const builtHash = existsSync(stampFile) ? (await readFile(stampFile, 'utf8')).trim() : null;
  if (builtHash === inputsHash && existsSync(path.join(distDir, 'index.html'))) return;
  log(
    builtHash
      ? 'The web app changed since the last build: building it again…'
      : 'Building the web app…',
  );
  const { build } = await import('vite');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: distDir },
  });
  await writeFile(stampFile, `${inputsHash}\n`);
  log('Web app built.');
}
