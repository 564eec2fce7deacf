// `npm run render`: the command line of scripts/render.ts, run from a bundle that esbuild builds
// once and reuses while its sources are unchanged, so a render does not compile TypeScript at
// every start (tsx compiled the CLI, then the frame thread compiled the render modules again).
// Plain JavaScript run by node: nothing to compile before the check.
//
// The bundle sits two folders below the root (node_modules/.waveframe-cli-<stamp>/), as the sources it
// is made from sit in server/render/: paths found from import.meta.url (the render fonts in
// public/fonts) stay right, and the frame thread is found next to the engine
// (visualizer-worker.js, see visualizer-thread.ts startWorker). Packages stay outside the bundle.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules');
const PREFIX = '.waveframe-cli-';
/** What the bundle is made from: a change in any (path, size or time) makes a new bundle. */
const INPUTS = [
  'core',
  'server',
  'scripts/render.ts',
  'scripts/render-cli.mjs',
  'package-lock.json',
  'tsconfig.json',
];

async function listFiles(entry, out) {
  const info = await stat(entry).catch(() => null);
  if (!info) return;
  if (info.isDirectory()) {
    const names = (await readdir(entry)).sort();
    for (const name of names) await listFiles(path.join(entry, name), out);
  } else {
    out.push(`${path.relative(ROOT, entry)}\0${info.size}\0${info.mtimeMs}`);
  }
}

async function inputsStamp() {
  const lines = [];
  for (const input of INPUTS) await listFiles(path.join(ROOT, input), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

/** The bundle's folder for the current sources, built when missing. */
async function ensureBundle() {
  const stamp = await inputsStamp();
  const dir = path.join(CACHE, `${PREFIX}${stamp}`);
  if (existsSync(path.join(dir, 'render.mjs'))) return dir;
  const { build } = await import('esbuild');
  // Built aside, then moved into place: a render starting meanwhile never sees half a bundle.
  const temp = path.join(CACHE, `.building-cli-${process.pid}`);
  await mkdir(temp, { recursive: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(ROOT, 'scripts/render.ts')],
      outfile: path.join(temp, 'render.mjs'),
    }),
    build({
      ...common,
      entryPoints: [path.join(ROOT, 'server/render/visualizer-worker.ts')],
      outfile: path.join(temp, 'visualizer-worker.js'),
    }),
  ]);
  // Files under node_modules get no package scope from the root: say they are modules.
  await writeFile(path.join(temp, 'package.json'), '{ "type": "module" }\n');
  try {
    await rename(temp, dir);
  } catch {
    // Another render built the same bundle first.
    await rm(temp, { recursive: true, force: true });
  }
  // Bundles of older sources, a day old (a render may still be using a recent one).
  for (const name of await readdir(CACHE)) {
    const old = path.join(CACHE, name);
    if (!name.startsWith(PREFIX) || old === dir) continue;
    const info = await stat(old).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 86_400_000) {
      await rm(old, { recursive: true, force: true });
    }
  }
  return dir;
}

const dir = await ensureBundle();
await import(pathToFileURL(path.join(dir, 'render.mjs')).href);
