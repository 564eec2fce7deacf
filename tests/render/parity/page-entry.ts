// The browser side of the parity test: bundled with core/render and the browser host, loaded in a
// page, it draws frames on OffscreenCanvas exactly as the render worker does and answers PNGs.

import { decodeAnalysis, type Analysis } from '../../../core/audio-analysis/analysis-format';
import { drawFrame, prepareSceneAsync } from '../../../core/render/renderer';
import type { SceneImages, SceneSettings } from '../../../core/render/scene';
import {
  createBrowserHost,
  createBrowserSurface,
  loadBrowserImage,
  loadRenderFonts,
} from '../../../workers/render/browser-host';

export interface ParityRequest {
  settings: SceneSettings;
  withImages: boolean;
  times: number[];
}

/** Particles alive in each frame of the last renderFrames (0 for other kinds). */
let counts: number[] = [];

let assets: Promise<{ analysis: Analysis; images: SceneImages }> | null = null;

function loadAssets() {
  assets ??= (async () => {
    await loadRenderFonts('/fonts/');
    const bytes = new Uint8Array(await (await fetch('/analysis.wfa')).arrayBuffer());
    const [album_art, background, logo] = await Promise.all(
      ['album_art', 'background', 'logo'].map((slot) => loadBrowserImage(`/images/${slot}`)),
    );
    return { analysis: decodeAnalysis(bytes), images: { album_art, background, logo } };
  })();
  return assets;
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Draws the frames of one scene; answers each as a base64 PNG. */
async function renderFrames(request: ParityRequest): Promise<string[]> {
  const { analysis, images } = await loadAssets();
  const { settings } = request;
  const scene = {
    settings,
    images: request.withImages ? images : {},
    analysis: settings.kind === 'visualizer' || settings.kind === 'particles' ? analysis : null,
  };
  const prepared = await prepareSceneAsync(createBrowserHost(), scene);
  const surface = createBrowserSurface(settings.width, settings.height);
  const out: string[] = [];
  counts = [];
  for (const t of request.times) {
    drawFrame(surface.ctx, prepared, t);
    out.push(await toBase64(await surface.canvas.convertToBlob({ type: 'image/png' })));
    counts.push(prepared.scene.particles?.count() ?? 0);
  }
  prepared.scene.particles?.destroy();
  return out;
}

(globalThis as unknown as { parity: unknown }).parity = {
  loadAssets,
  renderFrames,
  particleCounts: () => counts,
};
