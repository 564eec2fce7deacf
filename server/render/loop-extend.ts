// Loop extension: a short clip repeated to a length (minutes and seconds, or a track's, whose
// audio is then added), at stream-copy speed. A clip whose packets can be repeated as they are
// (H.264 yuv420p, a keyframe first, frames stored in the order they are shown, a constant frame
// rate and regular timestamps) is never re-encoded; any other is encoded once into a loopable
// segment (the output's format without B-frames, constant frame rate), and that segment is
// repeated by copy. The cut at the end then falls on the exact frame. A clip with B-frames (as
// x264 writes by default) is also copied when the length is a whole number of repetitions: only
// a cut inside the clip needs its frames stored in the order they are shown.

import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { videoFrameCount } from '../../core/render/scene';
import { loopExtendArgs, loopSegmentArgs } from '../repositories/ffmpeg/encode-args';
import type { Ffmpeg, ProbeStream } from '../repositories/ffmpeg/ffmpeg';
import { probeAudio } from './input-checks';
import { partialFile } from './partial-file';
import { progressReporter } from './progress';
import { RenderInputError, throwIfAborted, type RenderOptions } from './render-types';
import { runEncoder } from './run-encoder';

/** Packets looked at for reordering. */
const REORDER_CHECK_PACKETS = 16;

/** The longest loop extension: 12 hours (a livestream's night). */
export const LOOP_MAX_SECONDS = 12 * 3600;

export interface ClipInfo {
  width: number;
  height: number;
  /** Frame rate as ffprobe gives it, e.g. "30/1" or "30000/1001". */
  rate: string;
  frameSeconds: number;
  frames: number;
  durationSeconds: number;
  /** Why the clip must be encoded once before it can be repeated by copy, or null if it need not. */
  reencodeReason: string | null;
  /** Frames stored out of the order they are shown (B-frames): copied only as whole repetitions. */
  reordered: boolean;
}

const REORDERED = 'its frames are stored out of order (B-frames)';

/** Why the clip must be encoded once to last `frames` frames, or null when it can be copied. */
export function reencodeReasonFor(clip: ClipInfo, frames: number): string | null {
  if (clip.reencodeReason) return clip.reencodeReason;
  return clip.reordered && frames % clip.frames !== 0 ? REORDERED : null;
}

function rateSeconds(rate: string | undefined): number {
  const [num, den] = (rate ?? '').split('/').map(Number);
  return num && den ? den / num : NaN;
}

/** What a clip is, and whether its packets can be repeated as they are. */
export async function probeClip(
  ffmpeg: Ffmpeg,
  file: string,
  signal?: AbortSignal,
): Promise<ClipInfo> {
  let video: ProbeStream | undefined;
  let formatSeconds = NaN;
  try {
    const probe = await ffmpeg.probe(file, signal);
    video = probe.streams.find((s) => s.codec_type === 'video');
    formatSeconds = Number(probe.format.duration);
  } catch {
    throwIfAborted(signal);
  }
  if (!video || !video.width || !video.height) {
    throw new RenderInputError('The clip could not be read: it is not a video.');
  }
  const frameSeconds = rateSeconds(video.avg_frame_rate);
  const durationSeconds = Number(video.duration ?? formatSeconds);
  if (!Number.isFinite(frameSeconds) || !(durationSeconds > 0)) {
    throw new RenderInputError('The clip has no frames: it may be empty or damaged.');
  }
  const frames = Number(video.nb_frames) || Math.round(durationSeconds / frameSeconds);
  if (frames < 1) throw new RenderInputError('The clip has no frames: it may be empty or damaged.');
  // Packets in presentation order (no B-frames): a cut then ends on the exact frame. With
  // reordering, the packets decoded before the cut include frames shown after it.
  const packets = await ffmpeg
    .firstVideoPackets(file, REORDER_CHECK_PACKETS, signal)
    .catch(() => []);
  const reasons: [boolean, string][] = [
    [video.codec_name !== 'h264', `its codec is ${video.codec_name ?? 'unknown'}, not H.264`],
    [video.pix_fmt !== 'yuv420p', `its pixels are ${video.pix_fmt ?? 'unknown'}, not yuv420p`],
    [video.r_frame_rate !== video.avg_frame_rate, 'its frame rate varies'],
    [!packets[0]?.flags?.includes('K'), 'it does not start on a keyframe'],
    [
      Math.abs(frames * frameSeconds - durationSeconds) > frameSeconds / 2,
      'its timestamps are irregular',
    ],
  ];
  return {
    width: video.width,
    height: video.height,
    rate: video.avg_frame_rate!,
    frameSeconds,
    frames,
    durationSeconds,
    reencodeReason: reasons.find(([bad]) => bad)?.[1] ?? null,
    reordered: packets.some((p) => p.pts_time !== p.dts_time),
  };
}

export interface LoopExtendInput {
  clipPath: string;
  /** The length to reach, when there is no track. */
  targetSeconds?: number;
  /** A track: the loop lasts as long, and carries its audio (AAC copied). */
  audioPath?: string;
}

export interface LoopExtendResult {
  frames: number;
  durationSeconds: number;
  /** False when the clip had to be encoded once first (see reencodeReasonFor). */
  copied: boolean;
  /** Why it was encoded once, or null. */
  reencodeReason: string | null;
  clip: ClipInfo;
}

/**
 * Writes the clip repeated to the target length to outFile (MP4). The file appears only when
 * complete; on failure or abort nothing is left behind.
 */
export async function extendLoop(
  input: LoopExtendInput,
  outFile: string,
  options: RenderOptions,
): Promise<LoopExtendResult> {
  throwIfAborted(options.signal);
  const clip = await probeClip(options.ffmpeg, input.clipPath, options.signal);
  const audio = input.audioPath ? await trackOf(options.ffmpeg, input.audioPath, options) : null;
  const target = audio ? audio.seconds : input.targetSeconds;
  if (target === undefined || !Number.isFinite(target) || target <= 0) {
    throw new RenderInputError('Give the loop a length, or a track to last as long as.');
  }
  if (target > LOOP_MAX_SECONDS) {
    throw new RenderInputError('A loop extension lasts at most 12 hours.');
  }
  const frames = videoFrameCount(target, 1 / clip.frameSeconds);
  const progress = progressReporter(frames, options.onProgress);
  const partial = partialFile(outFile);
  const segment = path.join(options.tmpDir, `loop-${randomBytes(6).toString('hex')}.mp4`);
  const reencodeReason = reencodeReasonFor(clip, frames);
  try {
    let source = input.clipPath;
    let clipFrames = clip.frames;
    if (reencodeReason) {
      await runEncoder(
        options,
        loopSegmentArgs({ clip: input.clipPath, fps: clip.rate, outFile: segment }),
        [],
      );
      source = segment;
      clipFrames = (await probeClip(options.ffmpeg, segment, options.signal)).frames;
    }
    await runEncoder(
      options,
      loopExtendArgs({
        clip: source,
        clipFrames,
        frames,
        frameSeconds: clip.frameSeconds,
        audio,
        outFile: partial,
      }),
      [],
      (p) => progress.report(Math.min(frames, Math.round(p.outSeconds / clip.frameSeconds))),
    );
    progress.report(frames);
    await progress.finish();
    await rename(partial, outFile);
    return {
      frames,
      durationSeconds: frames * clip.frameSeconds,
      copied: reencodeReason === null,
      reencodeReason,
      clip,
    };
  } finally {
    await rm(partial, { force: true });
    await rm(segment, { force: true });
  }
}

/** The track's length and whether its audio can be copied (AAC). */
async function trackOf(ffmpeg: Ffmpeg, file: string, options: RenderOptions) {
  const stream = await probeAudio(ffmpeg, file, options.signal);
  const probe = await ffmpeg.probe(file, options.signal);
  const seconds = Number(stream.duration ?? probe.format.duration);
  if (!(seconds > 0))
    throw new RenderInputError('The audio has no duration: it may be empty or damaged.');
  return { file, copy: stream.codec_name === 'aac', seconds };
}
