// A video's titled thumbnail for YouTube: one frame of the render's look (its template, images
// and colours) drawn by the renderer at the 16:9 layout, with the title drawn large over it
// (core/render/title-card.ts), as a 1280x720 JPEG within YouTube's 2 MB.

import { rename, rm, writeFile } from 'node:fs/promises';
import { drawFrame } from '../../core/render/renderer';
import { ASPECTS } from '../../core/render/scene';
import { drawTitleCard } from '../../core/render/title-card';
import { createNodeSurface } from './canvas-host';
import { checkInput, prepare } from './input-checks';
import { partialFile } from './partial-file';
import { RenderInputError, throwIfAborted, type RenderJobInput } from './render-types';
import { thumbnailTime } from './thumbnail';

/** YouTube's custom thumbnail: 1280x720 (16:9, at least 640 wide), a JPEG of at most 2 MB. */
export const TITLE_THUMBNAIL = { width: 1280, height: 720, maxBytes: 2 * 1024 * 1024 } as const;

/** JPEG qualities tried in turn until the file fits maxBytes (a busy picture is larger). */
const JPEG_QUALITIES = [90, 80, 70, 55, 40];

export interface TitleThumbnailOptions {
  signal?: AbortSignal;
  /**
   * The moment of the track shown (a kit passes its hook's start); by default the section's
   * start, or without a section the kind's representative frame (thumbnailTime).
   */
  atSeconds?: number;
}

/**
 * Writes the titled thumbnail of the input's look to outFile (JPEG): the frame at atSeconds at
 * the template's 16:9 layout, whatever size the input's settings have, with its title and artist
 * drawn large instead of by the template. Resolves with the moment shown and the file's bytes.
 */
export async function renderTitleThumbnail(
  input: RenderJobInput,
  outFile: string,
  options: TitleThumbnailOptions = {},
): Promise<{ atSeconds: number; bytes: number }> {
  throwIfAborted(options.signal);
  const { title, artist } = input.settings;
  // The template's own text is left out: the title card shows it once, large.
  const settings = { ...input.settings, ...ASPECTS['16:9'], title: '', artist: '' };
  const checked = await checkInput({ ...input, settings });
  const at =
    options.atSeconds ??
    checked.section?.startSeconds ??
    thumbnailTime(checked.settings, checked.analysis);
  if (!Number.isFinite(at) || at < 0) {
    throw new RenderInputError('The thumbnail moment must be 0 s or later.');
  }
  throwIfAborted(options.signal);
  const prepared = await prepare(checked, input);
  const frame = createNodeSurface(settings.width, settings.height);
  drawFrame(frame.ctx, prepared, at);
  prepared.scene.particles?.destroy();

  const { width, height, maxBytes } = TITLE_THUMBNAIL;
  const thumb = createNodeSurface(width, height);
  thumb.ctx.imageSmoothingEnabled = true;
  thumb.ctx.drawImage(frame.image, 0, 0, width, height);
  drawTitleCard(thumb.ctx, { title, artist, accent: accentOf(prepared) }, width, height);
  throwIfAborted(options.signal);

  let jpeg = thumb.canvas.encodeSync('jpeg', JPEG_QUALITIES[0]);
  for (const quality of JPEG_QUALITIES.slice(1)) {
    if (jpeg.length <= maxBytes) break;
    jpeg = thumb.canvas.encodeSync('jpeg', quality);
  }
  const partial = partialFile(outFile);
  try {
    await writeFile(partial, jpeg);
    throwIfAborted(options.signal);
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
  return { atSeconds: at, bytes: jpeg.length };
}

/** The look's highlight: the first colour its template lets the user choose (white if none). */
function accentOf(prepared: Awaited<ReturnType<typeof prepare>>): string {
  const field = prepared.template.colorFields[0];
  return field ? prepared.scene.settings.colors[field] : '#ffffff';
}
