// `npm run render`: the command line of scripts/render.ts, run from a bundle that esbuild builds
// once and reuses while its sources are unchanged, so a render does not compile TypeScript at
// every start (tsx compiled the CLI, then the frame thread compiled the render modules again).
// Plain JavaScript run by node: nothing to compile before the check.
//
// How the bundle is made and kept: server/render/bundle-cache.mjs.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBundle } from '../server/render/bundle-cache.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dir = await ensureBundle({
  root: ROOT,
  prefix: '.waveframe-cli-',
  // What the bundle is made from: a change in any (path, size or time) makes a new bundle.
  inputs: [
    'core',
    'server',
    'scripts/render.ts',
    'scripts/render',
    'scripts/render-cli.mjs',
    'package-lock.json',
    'tsconfig.json',
  ],
  entries: {
    'render.mjs': 'scripts/render.ts',
    // Found next to the engine (see visualizer-thread.ts startWorker).
    'visualizer-worker.js': 'server/render/visualizer-worker.ts',
  },
});
await import(pathToFileURL(path.join(dir, 'render.mjs')).href);
