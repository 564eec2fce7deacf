import { startFfmpeg, type FfmpegProgress } from '../repositories/ffmpeg/fed-process';
import { abortError, throwIfAborted, type RenderOptions } from './render-types';

/** Runs one ffmpeg to its end, killed on abort; frames (raw RGBA) are written to its stdin. */
export async function runEncoder(
  options: RenderOptions,
  args: string[],
  frames: Uint8Array[],
  onProgress?: (p: FfmpegProgress) => void,
): Promise<void> {
  const signal = options.signal;
  throwIfAborted(signal);
  const encoder = await startFfmpeg(options.ffmpeg, args, { onProgress, signal });
  try {
    for (const frame of frames) await encoder.write(frame);
    await encoder.finish();
    throwIfAborted(signal);
  } catch (error) {
    await encoder.kill();
    if (signal?.aborted) throw abortError(signal);
    throw error;
  }
}
