import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseFile } from 'music-metadata';
import { encodeHeader } from '../../../../core/audio-analysis/analysis-format';
import type { AppContext } from '../../../context';
import {
  audioKeys,
  findAudioById,
  updateAudio,
  type AudioRow,
} from '../../../repositories/audios.repository';
import type { JobRun } from '../../../repositories/queue/job-spec';
import { downloadToTemp } from '../../../repositories/temp-files';
import { acceptedStream, MediaRejected, NOT_AUDIO } from './accepted-audio';
import { attachCoverArt } from './cover-art';
import { concatStreams, decodeAndAnalyse } from './decode-and-analyse';
import { makeMarketplacePreview } from './marketplace-preview';

/** Retries of a failed processing (after the first attempt). */
export const AUDIO_PROCESSING_RETRY_LIMIT = 2;

/**
 * Processes an uploaded track: probe, tags, cover art, one decode to analysis and playable
 * copy; PROGRESSING → COMPLETE | FAILED. Safe to run again (a retry rewrites the same keys).
 */
export async function processUploadedAudio(
  context: AppContext,
  audioUuid: string,
  run: JobRun,
): Promise<void> {
  const audio = await findAudioById(context.db, audioUuid);
  if (!audio || audio.coreProcessingStatus !== 'PROGRESSING') return; // deleted, or done already
  try {
    await processAudio(context, audio, run);
  } catch (error) {
    // Stopped by a shutdown: the job runs again later. Bad content or no attempts left: FAILED.
    if (run.signal.aborted) throw error;
    const final = error instanceof MediaRejected || run.attempt > AUDIO_PROCESSING_RETRY_LIMIT;
    context.log.warn(
      { err: error, audioUuid, attempt: run.attempt, final },
      'audio processing failed',
    );
    if (!final) throw error;
    await updateAudio(context.db, audioUuid, {
      coreProcessingStatus: 'FAILED',
      error:
        error instanceof MediaRejected
          ? error.message
          : 'This audio could not be processed: the file may be damaged.',
    });
  }
}

async function processAudio(context: AppContext, audio: AudioRow, run: JobRun) {
  const keys = audioKeys(audio.userUuid, audio.audioUuid);
  const original = await downloadToTemp(
    context.config.tmpDir,
    await context.storage.get(keys.original),
    'audio',
  );
  const work = {
    body: path.join(context.config.tmpDir, `analysis-${run.id}-${run.attempt}.body`),
    playable: path.join(context.config.tmpDir, `playable-${run.id}-${run.attempt}.m4a`),
  };
  try {
    const probe = await context.ffmpeg.probe(original.path, run.signal).catch(() => {
      throw new MediaRejected(NOT_AUDIO);
    });
    const { stream, kind, duration } = acceptedStream(probe);
    const tags = await parseFile(original.path, { duration: false, skipCovers: false }).catch(
      () => null,
    );
    const common = tags?.common;
    const title = common?.title?.trim() || null;
    const artists = (common?.artists?.join(', ') || common?.artist || '').trim() || null;
    const album = common?.album?.trim() || null;
    const picture = common?.picture?.[0];
    const artworkImageUuid =
      audio.artworkImageUuid ??
      (picture ? await attachCoverArt(context, audio, picture, title) : null);

    const summary = await decodeAndAnalyse(
      context,
      original.path,
      stream.codec_name ?? '',
      work,
      run.signal,
    ).catch((error: unknown) => {
      if (run.signal.aborted) throw error;
      throw new MediaRejected('This audio could not be decoded: the file may be damaged.');
    });
    // A cut-off file still probes with the length its header announces; the decode tells.
    if (summary.durationSeconds < duration * 0.9 - 1) {
      throw new MediaRejected(
        `This audio file is incomplete: it stops after ${Math.round(summary.durationSeconds)} s of the ${Math.round(duration)} s it announces.`,
      );
    }
    const header = encodeHeader(summary);
    await context.storage.put(keys.analysis, Readable.from(concatStreams(header, work.body)));
    await context.storage.put(keys.playable, createReadStream(work.playable));
    await updateAudio(context.db, audio.audioUuid, {
      coreProcessingStatus: 'COMPLETE',
      error: null,
      durationSeconds: duration,
      mimetype: kind.mimetype,
      title: audio.title ?? title,
      artists: audio.artists ?? artists,
      album: audio.album ?? album,
      artworkImageUuid,
      playableKey: keys.playable,
      analysisKey: keys.analysis,
    });
    if (audio.marketplaceAsset)
      await makeMarketplacePreview(context, audio, original.path, duration, run);
  } finally {
    await original.remove();
    await rm(work.body, { force: true });
    await rm(work.playable, { force: true });
  }
}
