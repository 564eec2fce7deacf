// What a render attempt starts from, gathered as local files in its temp folder: the track's
// original audio, its stored analysis (read into shared memory for the frame thread) and the
// pictures. Anything missing or damaged is a RenderRejected: FAILED at once, no retry.

import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeAnalysis, type Analysis } from '../../../core/audio-analysis/analysis-format';
import type { ImageSlot } from '../../../core/render/scene';
import { findAudioById } from '../../repositories/audios.repository';
import { findImageById, imageKeys } from '../../repositories/images.repository';
import type { RenderRow } from '../../repositories/renders.repository';
import { StorageNotFoundError } from '../../repositories/storage/storage';
import { downloadToTemp } from '../../repositories/temp-files';
import { readSharedBytes } from '../../render/shared-bytes';
import type { RenderJobInput } from '../../render/engine';
import type { RenderContext } from './renders.service';

/** Bad input that no retry can fix: FAILED at once with this message for people. */
export class RenderRejected extends Error {}

async function download(
  context: RenderContext,
  key: string | null,
  dir: string,
  label: string,
  missing: string,
) {
  if (!key) throw new RenderRejected(missing);
  try {
    return await downloadToTemp(dir, await context.storage.get(key), label);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new RenderRejected(missing);
    throw error;
  }
}

/**
 * The track's stored analysis, read straight into shared memory (the frame thread then reads
 * this one copy); RenderRejected when it is missing or damaged.
 */
export async function loadAnalysis(
  context: Pick<RenderContext, 'storage'>,
  key: string | null,
): Promise<Analysis> {
  const damaged =
    'The analysis of this track is missing or damaged: upload the track again, then render.';
  if (!key) throw new RenderRejected(damaged);
  let bytes: Uint8Array;
  try {
    bytes = await readSharedBytes(await context.storage.get(key));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new RenderRejected(damaged);
    throw error;
  }
  try {
    return decodeAnalysis(bytes);
  } catch {
    throw new RenderRejected(damaged);
  }
}

/**
 * Gathers the render's inputs as local files: the original audio, the images, the analysis. A
 * Canvas is silent and its loop was planned from the track when it was drafted: pictures only.
 */
export async function gatherInputs(
  context: RenderContext,
  render: RenderRow,
  dir: string,
): Promise<RenderJobInput> {
  const base = { settings: render.settings, durationSeconds: render.durationSeconds };
  if (render.settings.kind === 'canvas') {
    const imagePaths = await gatherImages(context, render, dir);
    return { ...base, audioPath: '', analysis: null, imagePaths };
  }
  const audio = render.audioUuid ? await findAudioById(context.db, render.audioUuid) : undefined;
  const gone = 'The track of this video was deleted before it could be rendered.';
  if (!audio || audio.coreProcessingStatus !== 'COMPLETE') throw new RenderRejected(gone);
  const audioFile = await download(context, audio.originalKey, dir, 'audio', gone);

  const analysis = await loadAnalysis(context, audio.analysisKey).catch((error: unknown) => {
    // A visualizer is drawn from it; a single-frame video only takes its exact length, and
    // without it the engine measures the length itself.
    if (error instanceof RenderRejected && render.settings.kind === 'single-frame') return null;
    throw error;
  });
  const imagePaths = await gatherImages(context, render, dir);
  return {
    ...base,
    audioPath: audioFile.path,
    analysis,
    imagePaths,
    // A kit's hook clip: that range of the track, faded over whole beats.
    ...(render.section ? { section: render.section } : {}),
  };
}

/** The render's pictures by slot, downloaded into dir. */
async function gatherImages(context: RenderContext, render: RenderRow, dir: string) {
  const imagePaths: Partial<Record<ImageSlot, string>> = {};
  for (const [slot, imageUuid] of Object.entries(render.imageIds) as [ImageSlot, string][]) {
    const missing = `The ${slot.replace('_', ' ')} picture of this video was deleted before it could be rendered.`;
    const image = await findImageById(context.db, imageUuid);
    if (!image || image.userUuid !== render.userUuid || image.status !== 'COMPLETE')
      throw new RenderRejected(missing);
    const file = await download(
      context,
      imageKeys(image.userUuid, image.imageUuid).display,
      dir,
      slot,
      missing,
    );
    imagePaths[slot] = file.path;
  }
  return imagePaths;
}

/** Removes the temp folders an earlier attempt at this render left behind. */
export async function removeTempDirs(tmpDir: string, renderId: string) {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`render-${renderId}-`))
      .map((name) => rm(path.join(tmpDir, name), { recursive: true, force: true })),
  );
}
