// A tiny HTTP server for the parity page: the page, its bundle (core/render and the browser host,
// bundled on the fly), the render fonts, the fixture images and the fixture track's analysis.

import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { RENDER_FONTS } from '../../../core/render/fonts';
import { RENDER_FONTS_DIR } from '../../../server/render/fonts';
import { freePort } from '../../support/free-port';
import { FIXTURE_IMAGES, fixtureImageBytes } from './fixture-scene';

export interface ParityServer {
  url: string;
  close(): Promise<void>;
}

export async function startParityServer(analysisBytes: Uint8Array): Promise<ParityServer> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'page-entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const fonts = new Map(RENDER_FONTS.map((f) => [`/fonts/${f.file}`, f.file]));
  const slots = Object.keys(FIXTURE_IMAGES) as (keyof typeof FIXTURE_IMAGES)[];

  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    const send = (status: number, type: string, body: Uint8Array | string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    void (async () => {
      if (url === '/') {
        return send(
          200,
          'text/html',
          '<!doctype html><meta charset="utf-8"><script src="/bundle.js"></script>',
        );
      }
      if (url === '/bundle.js') return send(200, 'text/javascript', script);
      if (url === '/analysis.wfa') return send(200, 'application/octet-stream', analysisBytes);
      const font = fonts.get(url);
      if (font)
        return send(
          200,
          font.endsWith('.woff2') ? 'font/woff2' : 'font/ttf',
          await readFile(path.join(RENDER_FONTS_DIR, font)),
        );
      const slot = slots.find((s) => url === `/images/${s}`);
      if (slot) return send(200, 'application/octet-stream', await fixtureImageBytes(slot));
      return send(404, 'text/plain', 'not found');
    })().catch((error: unknown) => send(500, 'text/plain', String(error)));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
