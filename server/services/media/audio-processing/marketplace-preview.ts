import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../../context';
import { audioKeys, updateAudio, type AudioRow } from '../../../repositories/audios.repository';
import { previewClipArgs } from '../../../repositories/ffmpeg/media-args';
import type { JobRun } from '../../../repositories/queue/job-spec';

export const PREVIEW_SECONDS = 30;

/**
 * A catalogue track's 30-second preview: taken from a third into the track, where the music
 * has usually started, with short fades. Its own status, so a failure here keeps the track.
 */
export async function makeMarketplacePreview(
  context: AppContext,
  audio: AudioRow,
  input: string,
  duration: number,
  run: JobRun,
) {
  const keys = audioKeys(audio.userUuid, audio.audioUuid);
  const file = path.join(context.config.tmpDir, `preview-${run.id}-${run.attempt}.m4a`);
  await updateAudio(context.db, audio.audioUuid, { marketplaceProcessingStatus: 'PROGRESSING' });
  try {
    const length = Math.min(PREVIEW_SECONDS, duration);
    const start = Math.max(0, Math.min(duration / 3, duration - length));
    await context.ffmpeg.run(previewClipArgs(input, start, length, file), { signal: run.signal });
    await context.storage.put(keys.preview, createReadStream(file));
    await updateAudio(context.db, audio.audioUuid, {
      marketplaceProcessingStatus: 'COMPLETE',
      previewKey: keys.preview,
    });
  } catch (error) {
    context.log.warn({ err: error, audioUuid: audio.audioUuid }, 'marketplace preview failed');
    await updateAudio(context.db, audio.audioUuid, { marketplaceProcessingStatus: 'FAILED' });
  } finally {
    await rm(file, { force: true });
  }
}
