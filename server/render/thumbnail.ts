// The thumbnail of a render: one representative frame drawn in this thread, as a JPEG.

import { rename, rm, writeFile } from 'node:fs/promises';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { Canvas2D } from '../../core/render/canvas-2d';
import { drawFrame } from '../../core/render/renderer';
import type { SceneSettings } from '../../core/render/scene';
import { createNodeSurface } from './canvas-host';
import { checkInput, prepare } from './input-checks';
import { RENDER_KIND_MODULES } from './kinds';
import { partialFile } from './partial-file';
import { throwIfAborted, type RenderJobInput, type RenderOptions } from './render-types';

/** Width of the thumbnail JPEG. */
export const THUMBNAIL_WIDTH = 640;

/** The time of a representative frame, as the settings' kind chooses it. */
export function thumbnailTime(settings: SceneSettings, analysis: Analysis | null): number {
  return RENDER_KIND_MODULES[settings.kind]?.thumbnailTime(analysis) ?? 0;
}

/** A THUMBNAIL_WIDTH px wide JPEG of a representative frame (see thumbnailTime). */
export async function renderThumbnail(
  input: RenderJobInput,
  outFile: string,
  options: Pick<RenderOptions, 'signal'> = {},
): Promise<void> {
  throwIfAborted(options.signal);
  const checked = await checkInput(input);
  throwIfAborted(options.signal);
  const prepared = await prepare(checked, input);
  const { width, height } = checked.settings;
  const full = createNodeSurface(width, height);
  drawFrame(full.ctx, prepared, thumbnailTime(checked.settings, checked.analysis));
  const thumbHeight = Math.max(1, Math.round((height * THUMBNAIL_WIDTH) / width));
  const thumb = createNodeSurface(THUMBNAIL_WIDTH, thumbHeight);
  const ctx: Canvas2D = thumb.ctx;
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(full.image, 0, 0, THUMBNAIL_WIDTH, thumbHeight);
  const partial = partialFile(outFile);
  try {
    await writeFile(partial, thumb.canvas.encodeSync('jpeg', 85));
    throwIfAborted(options.signal);
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
}
