// The render engine: one scene from core's renderer, drawn with @napi-rs/canvas and encoded by
// ffmpeg (through the adapter in repositories/ffmpeg) into the one output format (H.264 High
// yuv420p, AAC-LC 48 kHz or the source's AAC copied, MP4 fast start).
//
// This file is the engine's entry: it checks the input (input-checks.ts), probes the audio,
// hands the work to the settings' kind (kinds/: visualizer, single-frame, canvas) and moves the finished
// file into place. Progress is in progress.ts, the thumbnail in thumbnail.ts, YouTube's titled
// thumbnail in title-thumbnail.ts; a section of the track is RenderJobInput.section.

import { rename, rm } from 'node:fs/promises';
import { checkInput, probeAudio } from './input-checks';
import { RENDER_KIND_MODULES } from './kinds';
import { partialFile } from './partial-file';
import {
  RenderInputError,
  throwIfAborted,
  type RenderJobInput,
  type RenderOptions,
} from './render-types';

export { stillFrameRate } from './kinds/single-frame';
export { renderThumbnail, THUMBNAIL_WIDTH, thumbnailTime } from './thumbnail';
export {
  renderTitleThumbnail,
  TITLE_THUMBNAIL,
  type TitleThumbnailOptions,
} from './title-thumbnail';
export {
  RenderInputError,
  type AudioSection,
  type RenderJobInput,
  type RenderOptions,
  type RenderProgress,
} from './render-types';

/**
 * Renders the video of the input to outFile (MP4). The file appears only when complete; on
 * failure or abort nothing is left behind.
 */
export function renderVideo(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
): Promise<{ frames: number; durationSeconds: number }> {
  return render(input, outFile, options, false);
}

/**
 * renderVideo at any even size, not only the template's: for benchmarks and memory checks at a
 * reduced size (and 1280x720 figures). Everything else is checked as in renderVideo.
 */
export function renderVideoAnySize(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
): Promise<{ frames: number; durationSeconds: number }> {
  return render(input, outFile, options, true);
}

async function render(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
  anySize: boolean,
): Promise<{ frames: number; durationSeconds: number }> {
  throwIfAborted(options.signal);
  const checked = await checkInput(input, anySize);
  const kind = RENDER_KIND_MODULES[checked.settings.kind];
  if (!kind) throw new RenderInputError(`Unknown render kind: ${checked.settings.kind}`);
  const wantsAudio = kind.hasAudio === 'optional' ? input.audioPath !== '' : kind.hasAudio;
  const audio = wantsAudio
    ? await probeAudio(options.ffmpeg, input.audioPath, options.signal)
    : null;
  throwIfAborted(options.signal);
  const partial = partialFile(outFile);
  try {
    const frames = await kind.render({ checked, input, audio, partial, options });
    await rename(partial, outFile);
    return { frames, durationSeconds: checked.durationSeconds };
  } finally {
    await rm(partial, { force: true });
  }
}
