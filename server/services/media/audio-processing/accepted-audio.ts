import { acceptedAudioKind, MEDIA_LIMITS } from '../../../../core/media/media-limits';
import type { ProbeResult } from '../../../repositories/ffmpeg/ffmpeg';

/** A file that will never process: FAILED at once with this reason, no retries. */
export class MediaRejected extends Error {}

// Encoders pad a few milliseconds: a track of exactly 3 hours may probe at 3:00:00.03.
const DURATION_SLACK_SECONDS = 1;

export const NOT_AUDIO =
  'This file is not audio we can use: upload MP3, WAV, FLAC, AAC/M4A, Ogg Vorbis, Opus or AIFF.';

export function acceptedStream(probe: ProbeResult) {
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
