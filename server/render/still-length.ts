// The exact length of a single-frame video.
//
// A single-frame video holds one picture for frames of about a second (kinds/single-frame.ts).
// Two things made it outlast its audio by up to a second:
// - the length it was given can be a container's estimate: an MP3's includes its encoder
//   padding (~50 ms), and a file without a Xing header can be further off. Without the track's
//   analysis (which measured the decoded length), the audio is decoded here and its samples
//   counted, on the other core while the audio is encoded;
// - the clip, repeated by copying its packets, was cut on the output, which keeps a frame that
//   starts a hair before the end whole (loopCopyArgs in the ffmpeg adapter now cuts its input).

import type { Ffmpeg } from '../repositories/ffmpeg/ffmpeg';
import { sampleCountDecodeArgs } from '../repositories/ffmpeg/media-args';

/** Seconds of audio the file decodes to (its first audio stream), counted in samples. */
export async function decodedAudioSeconds(
  ffmpeg: Ffmpeg,
  file: string,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<number> {
  const decoder = ffmpeg.stream(sampleCountDecodeArgs(file, sampleRate), { signal });
  let bytes = 0;
  for await (const chunk of decoder.stdout as AsyncIterable<Buffer>) bytes += chunk.length;
  await decoder.done;
  return bytes / 2 / sampleRate;
}

/**
 * The length the video must have: the given one (an analysis's is exact), or without an
 * analysis the decoded length when it is shorter (never longer: the audio is cut at the given
 * length). Falls back to the given length when the sample rate is unknown.
 */
export async function stillVideoSeconds(
  ffmpeg: Ffmpeg,
  given: number,
  exact: boolean,
  audio: { sample_rate?: string },
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  const rate = Number(audio.sample_rate);
  if (exact || !Number.isInteger(rate) || rate <= 0) return given;
  const decoded = await decodedAudioSeconds(ffmpeg, file, rate, signal);
  return decoded > 0 ? Math.min(given, decoded) : given;
}
