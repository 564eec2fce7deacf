// Live preview frame rate (`npm run bench -- preview`), in real headless Chromium against the
// built app served by the real server, started as playwright.config.ts's webServer starts it (on
// a free port). For each visualizer template, on the signed-out create screen at 16:9 playing a
// local audio fixture, over the same window:
// - presented fps: display frames (intervals between two of the page's requestAnimationFrame
//   callbacks) in which the preview worker finished drawing a new picture (a frame time unlike
//   the one drawn before), per second;
// - rAF fps: the page's requestAnimationFrame callbacks per second, the baseline;
// - ratio: presented / rAF frames (1.00 = every display frame got a new picture);
// - idle rAF fps: the same page's rAF rate with the track loaded but not playing (the display
//   rate this browser gives an idle page, a second baseline), and presented fps against it;
// - draws/s and mean draw ms: every drawFrame the worker ran, and its mean duration;
// - page busy: the share of the window the page's main thread spent running tasks (the drawing
//   itself is in the worker; the page runs React, the player and the rAF loops).
// The worker's drawings are the 'waveframe:preview-draw' user-timing measures that
// workers/preview-api.ts emits, read with a PerformanceObserver installed in the worker. Page and
// worker run in one renderer process, so timeOrigin + now gives both one clock.
// The figures depend on what else the machine runs: the load average is printed with them.
//
// PREVIEW_TEMPLATES=neon-wave,... measures only those; PREVIEW_SECONDS sets the window (6 s).
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page, type Worker } from '@playwright/test';
import { listTemplates } from '../core/render/renderer';
import { freePort } from '../tests/support/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRACK = path.resolve(ROOT, '../shared/fixtures/audio/intro-30s.flac');
/** PREVIEW_DRAW_MEASURE in workers/preview-api.ts. */
const DRAW_MEASURE = 'waveframe:preview-draw';
/** Playing time before the window, so the first frames after play do not count. */
const WARM_UP_MS = 1500;
const WINDOW_MS = Number(process.env.PREVIEW_SECONDS ?? 6) * 1000;
/** Window of the idle baseline (track loaded, not playing). */
const IDLE_WINDOW_MS = 2000;

/** A drawing by the worker: when it ended (ms since the epoch), its duration, the frame's time. */
type Draw = [endMs: number, durationMs: number, t: number];

declare global {
  // Set in the preview worker by this benchmark only.
  var __previewBenchDraws: Draw[] | undefined;
}

interface AppServer {
  baseUrl: string;
  launchOptions: { executablePath?: string; args?: string[] };
  viewport: { width: number; height: number };
  stop(): Promise<void>;
}

/** The e2e setup's server (playwright.config.ts's webServer), started on a free port. */
async function startAppServer(): Promise<AppServer> {
  process.env.E2E_PORT = String(await freePort());
  const ownDataDir = process.env.WAVEFRAME_E2E_DATA_DIR === undefined;
  const { default: config } = await import('../playwright.config');
  const webServer = config.webServer;
  if (!webServer || Array.isArray(webServer) || !webServer.url || !config.use?.baseURL) {
    throw new Error('playwright.config.ts has no single webServer with a url');
  }
  const child: ChildProcess = spawn(webServer.command, {
    cwd: ROOT,
    shell: true,
    detached: true,
    env: { ...process.env, ...webServer.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A benchmark that dies on the way must not leave the server running.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
    if (ownDataDir && process.env.WAVEFRAME_E2E_DATA_DIR) {
      await rm(process.env.WAVEFRAME_E2E_DATA_DIR, { recursive: true, force: true });
    }
  };
  const deadline = Date.now() + (webServer.timeout ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped before it answered:\n${stderr}`);
    }
    const healthy = await fetch(webServer.url)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${webServer.url} in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const launch = config.use.launchOptions ?? {};
  return {
    baseUrl: config.use.baseURL,
    launchOptions: { executablePath: launch.executablePath, args: launch.args },
    viewport: config.use.viewport ?? { width: 1280, height: 800 },
    stop,
  };
}

/** In the preview worker: collects every drawing from now on (replacing any earlier list). */
function collectDraws(measure: string): void {
  if (globalThis.__previewBenchDraws) {
    globalThis.__previewBenchDraws = [];
    return;
  }
  const draws: Draw[] = [];
  globalThis.__previewBenchDraws = draws;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName(measure)) {
      const end = performance.timeOrigin + entry.startTime + entry.duration;
      globalThis.__previewBenchDraws!.push([
        end,
        entry.duration,
        Number((entry as PerformanceMeasure).detail),
      ]);
    }
  }).observe({ type: 'measure' });
}

/**
 * In the page: the times (ms since the epoch) of its requestAnimationFrame callbacks for
 * `windowMs`. A string: tsx's esbuild would wrap a named inner function in a __name helper that
 * the page does not have.
 */
const recordAnimationFrames = (windowMs: number) => `new Promise((resolve) => {
  const stamps = [];
  let start = NaN;
  requestAnimationFrame(function tick(now) {
    if (Number.isNaN(start)) start = now;
    stamps.push(performance.timeOrigin + now);
    if (now - start < ${windowMs}) requestAnimationFrame(tick);
    else resolve(stamps);
  });
})`;

interface PreviewFigures {
  presentedFps: number;
  rafFps: number;
  ratio: number;
  drawsPerSecond: number;
  meanDrawMs: number;
}

/** Frames with a new picture among the display frames between the rAF stamps. */
export function previewFigures(stamps: number[], draws: Draw[]): PreviewFigures {
  const first = stamps[0]!;
  const last = stamps[stamps.length - 1]!;
  const frames = stamps.length - 1;
  const seconds = (last - first) / 1000;
  const sorted = [...draws].sort((a, b) => a[0] - b[0]);
  const inWindow = sorted.filter(([end]) => end >= first && end < last);
  let presented = 0;
  let frame = 0;
  let newInFrame = false;
  // The frame time on screen when the window opened: the last one drawn before it.
  let shown = sorted.filter(([end]) => end < first).at(-1)?.[2] ?? NaN;
  for (const [end, , t] of inWindow) {
    while (end >= stamps[frame + 1]!) {
      if (newInFrame) presented++;
      newInFrame = false;
      frame++;
    }
    if (t !== shown) newInFrame = true;
    shown = t;
  }
  if (newInFrame) presented++;
  const meanDrawMs = inWindow.reduce((sum, [, duration]) => sum + duration, 0) / inWindow.length;
  return {
    presentedFps: presented / seconds,
    rafFps: frames / seconds,
    ratio: presented / frames,
    drawsPerSecond: inWindow.length / seconds,
    meanDrawMs,
  };
}

/** Seconds the page's main thread has spent running tasks so far (Chromium's TaskDuration). */
async function mainThreadSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN;
}

/**
 * One screen's preview while it plays the track: a visualizer's create screen, or the particle
 * editor (`prepare` then sets its design up before the track is loaded).
 */
async function measureTemplate(
  page: Page,
  baseUrl: string,
  name: string,
  screen = `/audio-reactive-music-visualizers/create/${name}`,
  prepare?: (page: Page) => Promise<void>,
) {
  const worker = page.waitForEvent('worker', {
    predicate: (w: Worker) => w.url().includes('preview'),
  });
  await page.goto(`${baseUrl}${screen}`);
  const previewWorker = await worker;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await previewWorker.evaluate(collectDraws, DRAW_MEASURE);
  const box = page.locator('[data-testid="preview-canvas-box"]');
  const aspect = await box.evaluate((element: HTMLElement) => element.style.aspectRatio);
  if (aspect.replace(/\s/g, '') !== '1920/1080') throw new Error(`${name}: aspect ${aspect}`);
  await prepare?.(page);

  await page
    .locator('input[type="file"][aria-label="Use an audio file from this device"]')
    .setInputFiles(TRACK);
  await page
    .locator('[data-testid="preview-time"]', { hasText: '/ 0:30' })
    .waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="audio-status"][data-state="ready"]').waitFor();
  await page.locator('[data-testid="preview-canvas-box"][data-ready="true"]').waitFor();
  // The baseline display rate: the same page, the track loaded, nothing moving.
  const idle = (await page.evaluate(recordAnimationFrames(IDLE_WINDOW_MS))) as number[];
  await page.getByTestId('preview-play').click();
  await page.locator('[data-testid="preview-play"][data-playing="true"]').waitFor();
  await page.waitForTimeout(WARM_UP_MS);

  await previewWorker.evaluate(collectDraws, DRAW_MEASURE);
  const busyBefore = await mainThreadSeconds(cdp);
  const stamps = (await page.evaluate(recordAnimationFrames(WINDOW_MS))) as number[];
  const mainThreadBusy =
    ((await mainThreadSeconds(cdp)) - busyBefore) / ((stamps.at(-1)! - stamps[0]!) / 1000);
  // Let the observer deliver the last drawings, then read them.
  await page.waitForTimeout(100);
  const draws = await previewWorker.evaluate(() => globalThis.__previewBenchDraws ?? []);
  const stillPlaying = await page.getByTestId('preview-play').getAttribute('data-playing');
  if (stillPlaying !== 'true') throw new Error(`${name}: the track stopped during the window`);
  const cssWidth = await box.evaluate((element: HTMLElement) => element.clientWidth);
  const idleRafFps = ((idle.length - 1) * 1000) / (idle.at(-1)! - idle[0]!);
  return { ...previewFigures(stamps, draws), idleRafFps, mainThreadBusy, cssWidth };
}

/** The table's columns: heading and how a template's figures are shown. */
const COLUMNS: [string, (f: Awaited<ReturnType<typeof measureTemplate>>) => string][] = [
  ['presented fps', (f) => f.presentedFps.toFixed(1)],
  ['rAF fps', (f) => f.rafFps.toFixed(1)],
  ['ratio', (f) => f.ratio.toFixed(2)],
  ['idle rAF fps', (f) => f.idleRafFps.toFixed(1)],
  ['vs idle', (f) => (f.presentedFps / f.idleRafFps).toFixed(2)],
  ['draws/s', (f) => f.drawsPerSecond.toFixed(1)],
  ['mean draw ms', (f) => f.meanDrawMs.toFixed(2)],
  ['page busy', (f) => `${Math.round(f.mainThreadBusy * 100)}%`],
];

const row = (name: string, cells: string[]) =>
  [name.padEnd(20), ...cells.map((cell, i) => cell.padStart(COLUMNS[i]![0].length))].join('  ');

const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

/** Particles on screen in the particle editor's benchmark (issue 11: "with 3000 particles"). */
const EDITOR_PARTICLES = Number(process.env.PARTICLE_EDITOR_COUNT ?? 3000);
const EDITOR_PRESETS = (process.env.PARTICLE_EDITOR_PRESETS ?? 'snow,linked-network').split(',');

/**
 * The particle editor (`npm run bench -- particle-editor`): the same figures as the visualizers'
 * preview, for presets set to EDITOR_PARTICLES particles, playing the same track.
 */
export async function benchParticleEditor(): Promise<void> {
  console.log(
    `\nParticle editor, ${EDITOR_PARTICLES} particles at 16:9 playing intro-30s.flac, headless Chromium:`,
  );
  const server = await startAppServer();
  const browser = await chromium.launch({ headless: true, ...server.launchOptions });
  try {
    const context = await browser.newContext({ viewport: server.viewport });
    console.log(
      row(
        'preset',
        COLUMNS.map(([heading]) => heading),
      ),
    );
    for (const preset of EDITOR_PRESETS) {
      const page = await context.newPage();
      try {
        const figures = await measureTemplate(
          page,
          server.baseUrl,
          preset,
          '/tools/particle-system-editor',
          async (editor) => {
            const title = preset.replace(
              /(^|-)([a-z])/g,
              (_m, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase(),
            );
            await editor.getByRole('button', { name: `Start from the ${title} preset` }).click();
            await editor.getByTestId('particle-count').fill(String(EDITOR_PARTICLES));
          },
        );
        console.log(
          row(
            preset,
            COLUMNS.map(([, show]) => show(figures)),
          ),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        console.log(`${preset.padEnd(20)}  failed: ${reason}`);
        process.exitCode = 1;
      } finally {
        await page.close();
      }
    }
    console.log(loadAverage());
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchPreview(): Promise<void> {
  const only = process.env.PREVIEW_TEMPLATES?.split(',');
  const templates = listTemplates('visualizer').filter((t) => !only || only.includes(t.name));
  console.log('\nLive preview, create screen at 16:9 playing intro-30s.flac, headless Chromium:');
  console.log('starting the server (builds the web app if it changed)…');
  const server = await startAppServer();
  const browser = await chromium.launch({ headless: true, ...server.launchOptions });
  try {
    const context = await browser.newContext({ viewport: server.viewport });
    console.log(
      `Chromium ${browser.version()}, viewport ${server.viewport.width}x${server.viewport.height}, ` +
        `${WINDOW_MS / 1000} s window per template; ${loadAverage()}`,
    );
    console.log(
      row(
        'template',
        COLUMNS.map(([heading]) => heading),
      ),
    );
    const ratios: number[] = [];
    let boxWidth = 0;
    for (const template of templates) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        const figures = await measureTemplate(page, server.baseUrl, template.name);
        boxWidth = figures.cssWidth;
        ratios.push(figures.ratio);
        console.log(
          row(
            template.name,
            COLUMNS.map(([, show]) => show(figures)),
          ),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        console.log(`${template.name.padEnd(20)}  failed: ${reason} ${errors.join('; ')}`);
        process.exitCode = 1;
      } finally {
        await page.close();
      }
    }
    if (ratios.length > 0) {
      ratios.sort((a, b) => a - b);
      const median = ratios[Math.floor(ratios.length / 2)]!;
      console.log(
        `ratio over ${ratios.length} templates: median ${median.toFixed(2)}, lowest ` +
          `${ratios[0]!.toFixed(2)} (1.00 = a new picture every display frame); preview box ` +
          `${boxWidth} CSS px wide at device pixel ratio 1; ${loadAverage()}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
