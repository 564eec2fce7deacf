// The engine's public types, its input error and the abort helpers every part shares.

import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { ImageSlot, SceneSettings } from '../../core/render/scene';
import type { Ffmpeg } from '../repositories/ffmpeg/ffmpeg';

export interface RenderJobInput {
  /** Checked with checkSettings. */
  settings: SceneSettings;
  /** Local file of the audio to mux (the original upload). */
  audioPath: string;
  /** The audio's duration: the video's length. */
  durationSeconds: number;
  /**
   * Decoded WFA1 for visualizers; null for single-frame (given there too, only its exact
   * duration is used).
   */
  analysis: Analysis | null;
  /** Local image files by slot. */
  imagePaths: Partial<Record<ImageSlot, string>>;
  /**
   * Only this range of the track (a visualizer's or particle render's): see AudioSection. Absent:
   * the whole track.
   */
  section?: AudioSection;
}

/**
 * A range of the track rendered on its own (a release kit's hook): frames drawn from that range
 * of the analysis, the audio cut to it with a fade in and a fade out, re-encoded to AAC.
 */
export interface AudioSection {
  /** Seconds of the track where the video starts. */
  startSeconds: number;
  /** Seconds of the track where it ends (excluded): the video lasts endSeconds - startSeconds. */
  endSeconds: number;
  /** Length of the fade in at the start and of the fade out at the end (0: none). */
  fadeSeconds: number;
}

export interface RenderProgress {
  framesDone: number;
  framesTotal: number;
  /** 0..1 */
  fraction: number;
  /** Seconds left, null while unknown (the first moments) and at the end. */
  etaSeconds: number | null;
}

export interface RenderOptions {
  /** The AppContext's ffmpeg repository. */
  ffmpeg: Ffmpeg;
  tmpDir: string;
  /** Abort → ffmpeg killed, partial output removed, the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called at most about once per second, and at 100 %. */
  onProgress?: (progress: RenderProgress) => void | Promise<void>;
}

/** Bad input (unreadable image or audio, bad settings): the render fails, retrying cannot help. */
export class RenderInputError extends Error {
  override name = 'RenderInputError';
}

/**
 * The input once checked (see input-checks.ts): the duration is the video's, the analysed one if
 * known (or its section's length).
 */
export interface CheckedInput {
  settings: SceneSettings;
  analysis: Analysis | null;
  durationSeconds: number;
  /** The range of the track to render (checked against its length), or null: all of it. */
  section: AudioSection | null;
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The render was cancelled', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}
