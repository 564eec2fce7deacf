// A visualizer: every frame drawn from the analysis, in a frame thread (visualizer-thread.ts);
// of the whole track or of a section of it (its frames at the track's times, its audio faded).

import { featuresAt } from '../../../core/render/features';
import { videoFrameCount } from '../../../core/render/scene';
import { visualizerEncodeArgs } from '../../repositories/ffmpeg/encode-args';
import { framePixelFormat } from '../frame-pixels';
import { renderFrames } from '../visualizer-thread';
import { requireAudio, type RenderKindModule } from './render-kind';

export const visualizerKind: RenderKindModule = {
  kind: 'visualizer',
  hasAudio: true,
  render({ checked, input, audio, partial, options }) {
    const { width, height, fps } = checked.settings;
    const ffmpegArgs = visualizerEncodeArgs({
      width,
      height,
      fps,
      audioPath: input.audioPath,
      durationSeconds: checked.durationSeconds,
      copyAudio: requireAudio(audio).codec_name === 'aac',
      pixelFormat: framePixelFormat(width, height),
      outFile: partial,
      ...(checked.section ? { section: checked.section } : {}),
    });
    const frames = videoFrameCount(checked.durationSeconds, fps);
    return renderFrames(
      {
        settings: checked.settings,
        analysis: checked.analysis,
        imagePaths: input.imagePaths,
        frames,
        startSeconds: checked.section?.startSeconds ?? 0,
        ffmpegArgs,
      },
      options,
    );
  },
  /**
   * The moment where the picture reacts most (the smoothed level, plus a little for a beat's
   * accent), looked for ten times a second.
   */
  thumbnailTime(analysis) {
    if (!analysis || analysis.frameCount === 0) return 0;
    const duration = analysis.summary.durationSeconds;
    const margin = Math.min(0.5, duration / 4);
    let best = 0;
    let bestScore = -Infinity;
    for (let t = margin; t <= duration - margin; t += 0.1) {
      const features = featuresAt(analysis, t);
      const score = features.level + 0.25 * features.beat;
      if (score > bestScore) [best, bestScore] = [t, score];
    }
    return best;
  },
};
