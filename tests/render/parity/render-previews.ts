// Writes PNG contact sheets of every template (loud and quiet moments of the fixture track, with
// and without the fixture images, at each offered aspect) and measures each template's draw rate
// at its largest size with the Node host.
//   npx tsx tests/render/parity/render-previews.ts [outDir] [template-name...]

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import {
  defaultSettings,
  drawFrame,
  listTemplates,
  prepareScene,
} from '../../../core/render/renderer';
import { ASPECTS, type Scene, type SceneImages } from '../../../core/render/scene';
import {
  createNodeSurface,
  loadNodeImage,
  nodeRenderHost,
} from '../../../server/render/canvas-host';
import { registerRenderFonts } from '../../../server/render/fonts';
import { fixtureAnalysis, fixtureImageBytes, loudAndQuiet } from './fixture-scene';

const outDir = process.argv[2] ?? '/tmp/templates';
const only = process.argv.slice(3);

registerRenderFonts();
const analysis = await fixtureAnalysis();
const moments = loudAndQuiet(analysis);
const images: SceneImages = {
  album_art: await loadNodeImage(await fixtureImageBytes('album_art')),
  background: await loadNodeImage(await fixtureImageBytes('background')),
  logo: await loadNodeImage(await fixtureImageBytes('logo')),
};
await mkdir(outDir, { recursive: true });

const THUMB = 480;
for (const info of listTemplates()) {
  if (only.length > 0 && !only.includes(info.name)) continue;
  const cells: { label: string; canvas: ReturnType<typeof createNodeSurface> }[] = [];
  for (const withImages of [true, false]) {
    for (const aspect of info.aspects) {
      const settings = {
        ...defaultSettings(info, aspect),
        title: 'Midnight Drive',
        artist: 'The Frozen Bubbles',
      };
      const scene: Scene = {
        settings,
        images: withImages ? images : {},
        analysis: info.kind === 'visualizer' ? analysis : null,
      };
      const prepared = prepareScene(nodeRenderHost, scene);
      const times = info.kind === 'visualizer' ? [moments.loud, moments.quiet] : [0];
      for (const t of times) {
        const surface = createNodeSurface(settings.width, settings.height);
        drawFrame(surface.ctx, prepared, t);
        cells.push({
          label: `${aspect} ${withImages ? 'img' : 'none'} t=${t.toFixed(2)}`,
          canvas: surface,
        });
        if (aspect === '16:9' && t === times[0]) {
          await writeFile(
            path.join(outDir, `${info.name}-${withImages ? 'img' : 'none'}.png`),
            surface.canvas.toBuffer('image/png'),
          );
        }
      }
    }
  }
  // Contact sheet: cells scaled to THUMB px tall, wrapped in rows of 4.
  const perRow = 4;
  const cellW = cells.map((c) => (c.canvas.canvas.width / c.canvas.canvas.height) * THUMB);
  const rows: (typeof cells)[] = [];
  for (let i = 0; i < cells.length; i += perRow) rows.push(cells.slice(i, i + perRow));
  const sheetW = Math.max(
    ...rows.map((r, ri) => r.reduce((n, _c, ci) => n + cellW[ri * perRow + ci]! + 8, 0)),
  );
  const sheet = createCanvas(Math.ceil(sheetW), rows.length * (THUMB + 8));
  const sctx = sheet.getContext('2d');
  sctx.fillStyle = '#444';
  sctx.fillRect(0, 0, sheet.width, sheet.height);
  rows.forEach((row, ri) => {
    let x = 0;
    row.forEach((cell, ci) => {
      const w = cellW[ri * perRow + ci]!;
      sctx.drawImage(cell.canvas.canvas, x, ri * (THUMB + 8), w, THUMB);
      x += w + 8;
    });
  });
  await writeFile(path.join(outDir, `${info.name}-sheet.png`), sheet.toBuffer('image/png'));

  // Draw rate at the largest offered size (1920x1080 when offered), with images.
  const aspect = info.aspects.includes('16:9') ? '16:9' : info.aspects[0]!;
  const settings = {
    ...defaultSettings(info, aspect),
    title: 'Midnight Drive',
    artist: 'The Frozen Bubbles',
  };
  const scene: Scene = { settings, images, analysis: info.kind === 'visualizer' ? analysis : null };
  const prepared = prepareScene(nodeRenderHost, scene);
  const surface = createNodeSurface(ASPECTS[aspect].width, ASPECTS[aspect].height);
  const fps = settings.fps;
  for (let i = 0; i < 20; i++) drawFrame(surface.ctx, prepared, 5 + i / fps);
  const frames = 240;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < frames; i++) drawFrame(surface.ctx, prepared, 8 + i / fps);
  // Reading the pixels makes sure the drawing really happened (Skia may defer work).
  (
    surface.canvas.getContext('2d') as unknown as {
      getImageData: (x: number, y: number, w: number, h: number) => unknown;
    }
  ).getImageData(0, 0, 1, 1);
  const ms = performance.now() - start;
  // CPU time of this process: a fairer figure than wall time when other work shares the cores.
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `${info.kind.padEnd(12)} ${info.name.padEnd(22)} ` +
      `${(frames / (ms / 1000)).toFixed(0).padStart(5)} fps wall, ` +
      `${(frames / (cpuMs / 1000)).toFixed(0).padStart(5)} fps CPU at ${settings.width}x${settings.height}`,
  );
}
