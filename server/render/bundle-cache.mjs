// TypeScript entries bundled by esbuild once and reused while their sources are unchanged.
//
// Used by the render command line (scripts/render-cli.mjs: the whole CLI, so a render does not
// compile TypeScript at every start) and by the engine when it runs from TypeScript (npm start,
// the tests, the benches: the frame thread, see visualizer-thread.ts). Plain JavaScript, so the
// command line can run it before anything is compiled.
//
// A bundle sits two folders below the root (node_modules/<prefix><stamp>/), as its sources sit in
// server/render/: paths found from import.meta.url (the render fonts in public/fonts) stay right.
// Packages stay outside the bundle, so Node loads each package's ES module build (tsParticles'
// CommonJS build, which tsx's require hook would load, costs a getter call on every export use).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Bundles of older sources are removed once this old (a render may still be using one). */
const OLD_BUNDLE_MS = 86_400_000;

async function listFiles(root, entry, out) {
  const info = await stat(entry).catch(() => null);
  if (!info) return;
  if (info.isDirectory()) {
    const names = (await readdir(entry)).sort();
    for (const name of names) await listFiles(root, path.join(entry, name), out);
  } else {
    out.push(`${path.relative(root, entry)}\0${info.size}\0${info.mtimeMs}`);
  }
}

/** A stamp of the inputs: a change in any file's path, size or time gives a new one. */
async function inputsStamp(root, inputs) {
  const lines = [];
  for (const input of inputs) await listFiles(root, path.join(root, input), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

async function build(root, prefix, entries, dir) {
  const { build: esbuild } = await import('esbuild');
  const cache = path.dirname(dir);
  // Built aside, then moved into place: a render starting meanwhile never sees half a bundle.
  const temp = path.join(cache, `.building-${prefix}${randomUUID()}`);
  await mkdir(temp, { recursive: true });
  await Promise.all(
    Object.entries(entries).map(([outName, source]) =>
      esbuild({
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
        entryPoints: [path.join(root, source)],
        outfile: path.join(temp, outName),
      }),
    ),
  );
  // Files under node_modules get no package scope from the root: say they are modules.
  await writeFile(path.join(temp, 'package.json'), '{ "type": "module" }\n');
  try {
    await rename(temp, dir);
  } catch {
    // Another process built the same bundle first.
    await rm(temp, { recursive: true, force: true });
  }
  for (const name of await readdir(cache)) {
    const old = path.join(cache, name);
    if (!name.startsWith(prefix) || old === dir) continue;
    const info = await stat(old).catch(() => null);
    if (info && Date.now() - info.mtimeMs > OLD_BUNDLE_MS) {
      await rm(old, { recursive: true, force: true });
    }
  }
}

/** Bundles being built in this process, by folder: two renders starting together build once. */
const building = new Map();

/**
 * The folder holding a bundle of each entry for the current sources, built when missing.
 * @param {object} options
 * @param {string} options.root The repository's root.
 * @param {string} options.prefix The bundle folders' name before the stamp.
 * @param {string[]} options.inputs What the bundles are made from, relative to the root.
 * @param {Record<string, string>} options.entries Output file name → entry, relative to the root.
 * @returns {Promise<string>}
 */
export async function ensureBundle({ root, prefix, inputs, entries }) {
  const stamp = await inputsStamp(root, inputs);
  const dir = path.join(root, 'node_modules', `${prefix}${stamp}`);
  if (Object.keys(entries).every((name) => existsSync(path.join(dir, name)))) return dir;
  let pending = building.get(dir);
  if (!pending) {
    pending = build(root, prefix, entries, dir).finally(() => building.delete(dir));
    building.set(dir, pending);
  }
  await pending;
  return dir;
}
