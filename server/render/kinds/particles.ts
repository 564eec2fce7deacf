// A particle render: tsParticles' engine run frame by frame in the frame thread (as a
// visualizer's frames are drawn there), the track's audio muxed as a visualizer's is.

import { videoFrameCount } from '../../../core/render/scene';
import { loopEncodeArgs, visualizerEncodeArgs } from '../../repositories/ffmpeg/encode-args';
import { framePixelFormat } from '../frame-pixels';
import { renderFrames } from '../visualizer-thread';
import type { RenderKindModule } from './render-kind';

/** The thumbnail's moment: early, since reaching a frame means simulating every one before it. */
export const PARTICLE_THUMBNAIL_SECONDS = 2;

export const particlesKind: RenderKindModule = {
  kind: 'particles',
  hasAudio: 'optional',
  render({ checked, input, audio, partial, options }) {
    const { width, height, fps } = checked.settings;
    const frames = videoFrameCount(checked.durationSeconds, fps);
    const pixelFormat = framePixelFormat(width, height);
    const ffmpegArgs = audio
      ? visualizerEncodeArgs({
          width,
          height,
          fps,
          audioPath: input.audioPath,
          durationSeconds: checked.durationSeconds,
          copyAudio: audio.codec_name === 'aac',
          pixelFormat,
          outFile: partial,
          picture: 'dense-motion',
          ...(checked.section ? { section: checked.section } : {}),
        })
      : loopEncodeArgs({
          width,
          height,
          fps,
          frames,
          pixelFormat,
          outFile: partial,
          picture: 'dense-motion',
        });
    return renderFrames(
      {
        settings: checked.settings,
        analysis: checked.analysis,
        imagePaths: input.imagePaths,
        frames,
        // A section's first frame first simulates every step before it (without drawing them).
        startSeconds: checked.section?.startSeconds ?? 0,
        ffmpegArgs,
      },
      options,
    );
  },
  thumbnailTime: (analysis) =>
    Math.min(PARTICLE_THUMBNAIL_SECONDS, (analysis?.summary.durationSeconds ?? 0) / 2),
};
