import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import type { RenderKind } from '../../../core/render/scene';
import type { ProbeStream } from '../../repositories/ffmpeg/ffmpeg';
import type { CheckedInput, RenderJobInput, RenderOptions } from '../render-types';

/** What one kind's render gets: the checked input, its probed audio and the file to write. */
export interface KindRender {
  checked: CheckedInput;
  input: RenderJobInput;
  audio: ProbeStream;
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
  /** Encodes the whole video to job.partial; resolves with the number of frames it holds. */
  render(job: KindRender): Promise<number>;
  /** The time, in seconds, of the representative frame the thumbnail shows. */
  thumbnailTime(analysis: Analysis | null): number;
}
