// A Spotify Canvas: a 3-8 s vertical loop with no audio, every frame drawn from the loop's phase
// (core/render/canvas-loop.ts) by the frame thread, as a visualizer's are.

import { loopEncodeArgs } from '../../repositories/ffmpeg/encode-args';
import { framePixelFormat } from '../frame-pixels';
import { renderFrames } from '../visualizer-thread';
import type { RenderKindModule } from './render-kind';

export const canvasKind: RenderKindModule = {
  kind: 'canvas',
  hasAudio: false,
  render({ checked, input, partial, options }) {
    const { width, height, fps, loop } = checked.settings;
    const frames = loop!.frames;
    return renderFrames(
      {
        settings: checked.settings,
        analysis: null,
        imagePaths: input.imagePaths,
        frames,
        ffmpegArgs: loopEncodeArgs({
          width,
          height,
          fps,
          frames,
          pixelFormat: framePixelFormat(width, height),
          outFile: partial,
        }),
      },
      options,
    );
  },
  /** The loop's first frame (between two beats, as the loop starts). */
  thumbnailTime: () => 0,
};
