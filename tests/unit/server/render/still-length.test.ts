import { describe, expect, test } from 'vitest';
import { stillFrameRate } from '../../../../server/render/engine';
import { loopCopyArgs } from '../../../../server/repositories/ffmpeg/encode-args';

describe('the repeated clip of a single-frame video', () => {
  test.each([7.37, 12.81, 41.37, 321.75, 3600.02])(
    '%s s: looped often enough, cut half a frame before its last frame ends',
    (seconds) => {
      const { rate, frames } = stillFrameRate(seconds);
      const clipFrames = Math.min(frames, 30);
      const args = loopCopyArgs({
        clip: 'clip.mp4',
        rate,
        frames,
        clipFrames,
        aacFile: 'audio.m4a',
        durationSeconds: seconds,
        outFile: 'out.mp4',
      });
      const loops = Number(args[1]);
      const cut = Number(args[3]);
      expect(args.slice(4, 6)).toEqual(['-i', 'clip.mp4']);
      expect((loops + 1) * clipFrames).toBeGreaterThanOrEqual(frames);
      const frameSeconds = seconds / frames;
      // Frame `frames - 1` starts before the cut, frame `frames` after it.
      expect(cut).toBeGreaterThan((frames - 1) * frameSeconds + 0.4 * frameSeconds);
      expect(cut).toBeLessThan(frames * frameSeconds - 0.4 * frameSeconds);
    },
  );
});
