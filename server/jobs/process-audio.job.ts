import { createReadStream, createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { parseFile } from 'music-metadata';
import { z } from 'zod';
import { encodeFrames, encodeHeader } from '../../core/audio-analysis/analysis-format';
import { createAudioAnalyzer, DEFAULT_ANALYZER_OPTIONS } from '../../core/audio-analysis/analyzer';
import { acceptedAudioKind, MEDIA_LIMITS } from '../../core/media/media-limits';
import type { AppContext } from '../context';
import {
  audioKeys,
  findAudioById,
  updateAudio,
  type AudioRow,
} from '../repositories/audios.repository';
import type { ProbeResult } from '../repositories/ffmpeg/ffmpeg';
import { downloadToTemp, writeTempFile } from '../repositories/temp-files';
import { addImageFromFile } from '../services/media/images.service';
import { defineJob, type JobRun } from './job-definition';

/** A file that will never process: FAILED at once with this reason, no retries. */
class MediaRejected extends Error {}

// Encoders pad a few milliseconds: a track of exactly 3 hours may probe at 3:00:00.03.
const DURATION_SLACK_SECONDS = 1;

const NOT_AUDIO =
  'This file is not audio we can use: upload MP3, WAV, FLAC, AAC/M4A, Ogg Vorbis, Opus or AIFF.';

function acceptedStream(probe: ProbeResult) {
  const stream = probe.streams.find((candidate) => candidate.codec_type === 'audio');
  const kind = stream ? acceptedAudioKind(probe.format.format_name, stream.codec_name ?? '') : null;
  const duration = Number(probe.format.duration ?? stream?.duration ?? NaN);
  if (!stream || !kind || !Number.isFinite(duration) || duration <= 0)
    throw new MediaRejected(NOT_AUDIO);
  if (duration > MEDIA_LIMITS.audioMaxSeconds + DURATION_SLACK_SECONDS)
    throw new MediaRejected(
      `Audio can be up to ${MEDIA_LIMITS.audioMaxSeconds / 3600} hours long.`,
    );
  return { stream, kind, duration };
}

/**
 * Decodes the track once: ffmpeg writes mono 44.1 kHz float PCM to its stdout, which streams
 * through the analysis, and in the same run the browser-playable copy (AAC; AAC input is
 * copied). Memory stays bounded whatever the length: PCM is never held whole.
 */
async function decodeAndAnalyse(
  context: AppContext,
  input: string,
  codec: string,
  out: { body: string; playable: string },
  signal: AbortSignal,
) {
  const { sampleRate } = DEFAULT_ANALYZER_OPTIONS;
  const ffmpeg = context.ffmpeg.stream(
    [
      ...[
        '-i',
        input,
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        String(sampleRate),
        '-f',
        'f32le',
        'pipe:1',
      ],
      ...['-map', '0:a:0', '-vn'],
      ...(codec === 'aac'
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k', '-ar', '48000']),
      ...['-movflags', '+faststart', '-f', 'mp4', out.playable],
    ],
    { signal },
  );
  const analyzer = createAudioAnalyzer();
  const body = createWriteStream(out.body);
  const write = async (bytes: Uint8Array) => {
    if (bytes.length > 0 && !body.write(bytes)) await once(body, 'drain');
  };
  let carry = Buffer.alloc(0);
  for await (const chunk of ffmpeg.stdout as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    carry = Buffer.from(bytes.subarray(whole));
    // Copy into an aligned buffer: a Float32Array view needs a 4-byte aligned offset.
    const samples = new Float32Array(whole / 4);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, whole));
    await write(encodeFrames(analyzer.push(samples), DEFAULT_ANALYZER_OPTIONS.bandCount));
  }
  await ffmpeg.done;
  const { frames, summary } = analyzer.finish();
  await write(encodeFrames(frames, DEFAULT_ANALYZER_OPTIONS.bandCount));
  body.end();
  await once(body, 'finish');
  return summary;
}

async function attachCoverArt(
  context: AppContext,
  audio: AudioRow,
  picture: { data: Uint8Array },
  title: string | null,
) {
  const tmp = path.join(context.config.tmpDir, `cover-${audio.audioUuid}`);
  await writeFile(tmp, picture.data);
  try {
    const file = await writeTempFile(
      context.config.tmpDir,
      createReadStream(tmp),
      MEDIA_LIMITS.imageMaxBytes,
      'cover too large',
    );
    try {
      const { image } = await addImageFromFile(context, { userUuid: audio.userUuid }, file, {
        name: `${title ?? audio.fileName} (cover)`,
        type: 'album_art',
      });
      return image.imageUuid;
    } finally {
      await file.remove();
    }
  } catch (error) {
    context.log.warn(
      { err: error, audioUuid: audio.audioUuid },
      'embedded cover art was not usable',
    );
    return null;
  } finally {
    await rm(tmp, { force: true });
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

export const PREVIEW_SECONDS = 30;

/**
 * A catalogue track's 30-second preview: taken from a third into the track, where the music
 * has usually started, with short fades. Its own status, so a failure here keeps the track.
 */
async function makeMarketplacePreview(
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
    await context.ffmpeg.run(
      [
        ...['-ss', start.toFixed(3), '-t', length.toFixed(3), '-i', input, '-map', '0:a:0', '-vn'],
        ...['-af', `afade=t=in:d=1,afade=t=out:st=${Math.max(0, length - 2).toFixed(3)}:d=2`],
        ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-movflags', '+faststart', file],
      ],
      { signal: run.signal },
    );
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

async function* concatStreams(header: Uint8Array, bodyFile: string): AsyncGenerator<Uint8Array> {
  yield header;
  for await (const chunk of createReadStream(bodyFile)) yield chunk as Uint8Array;
}

const RETRY_LIMIT = 2;

/** Probe, tags, cover art, one decode to analysis and playable copy; PROGRESSING → COMPLETE | FAILED. */
export const processAudioJob = defineJob({
  name: 'process-audio',
  data: z.object({ audioUuid: z.uuid() }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 5, backoff: true },
  // A 3-hour track decodes and analyses in a few minutes here; an hour leaves ample room.
  expireInSeconds: 3600,
  async handle({ audioUuid }, run, context) {
    const audio = await findAudioById(context.db, audioUuid);
    if (!audio || audio.coreProcessingStatus !== 'PROGRESSING') return; // deleted, or done already
    try {
      await processAudio(context, audio, run);
    } catch (error) {
      // Stopped by a shutdown: the job runs again later. Bad content or no attempts left: FAILED.
      if (run.signal.aborted) throw error;
      const final = error instanceof MediaRejected || run.attempt > RETRY_LIMIT;
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
  },
});
