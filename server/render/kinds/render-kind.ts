import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import type { RenderKind } from '../../../core/render/scene';
import type { ProbeStream } from '../../repositories/ffmpeg/ffmpeg';
import type { CheckedInput, RenderJobInput, RenderOptions } from '../render-types';

/** What one kind's render gets: the checked input, its probed audio and the file to write. */
export interface KindRender {
  checked: CheckedInput;
  input: RenderJobInput;
  /** The probed audio stream; null for a kind without sound (a Canvas loop). */
  audio: ProbeStream | null;
  /** Write the MP4 here; the engine renames it onto the output when complete. */
  partial: string;
  options: RenderOptions;
}

/**
 * One kind of video the engine makes (visualizer, single-frame; next Canvas loop, particles,
 * loop extension). A new kind is one file in this folder plus its templates in core/render,
 * listed in kinds/index.ts. It shares the ffmpeg adapter, progress, cancellation and the
 * thumbnail with every other kind.
 */
export interface RenderKindModule {
  kind: RenderKind;
  /**
   * Whether the video carries the track's audio (a Canvas does not: no audio to probe);
   * 'optional': when the input names an audio file (a particle render from the command line
   * may have none, and is then silent).
   */
  hasAudio: boolean | 'optional';
  /** Encodes the whole video to job.partial; resolves with the number of frames it holds. */
  render(job: KindRender): Promise<number>;
  /** The time, in seconds, of the representative frame the thumbnail shows. */
  thumbnailTime(analysis: Analysis | null): number;
}

/** The probed audio of a kind that has audio (hasAudio: the engine probed it). */
export function requireAudio(audio: ProbeStream | null): ProbeStream {
  if (!audio) throw new Error('This kind of render needs its audio probed');
  return audio;
}
