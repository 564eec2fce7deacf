// A Vite plugin that serves the ffmpeg.wasm core (single thread, @ffmpeg/core's ESM build) under
// /ffmpeg/ in development and writes it to dist/ffmpeg/ in a build. It stays out of the precache
// (vite.config.ts: globIgnores) and the service worker caches it on first use (src/sw.ts), so the
// app's first load stays small and trimming works offline after one use.
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CORE_DIR = fileURLToPath(new URL('../node_modules/@ffmpeg/core/dist/esm/', import.meta.url));
const FILES: Record<string, string> = {
  'ffmpeg-core.js': 'text/javascript',
  'ffmpeg-core.wasm': 'application/wasm',
};

export function ffmpegCorePlugin(): Plugin {
  return {
    name: 'waveframe-ffmpeg-core',
    configureServer(server) {
      server.middlewares.use('/ffmpeg', (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        const type = FILES[name];
        if (!type) return next();
        response.setHeader('content-type', type);
        createReadStream(path.join(CORE_DIR, name)).pipe(response);
      });
    },
    generateBundle() {
      for (const name of Object.keys(FILES)) {
        this.emitFile({
          type: 'asset',
          fileName: `ffmpeg/${name}`,
          source: readFileSync(path.join(CORE_DIR, name)),
        });
      }
    },
  };
}
