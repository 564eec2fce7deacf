import { describe, expect, it } from 'vitest';
import { trimArgs, trimmedName } from '../../../workers/video-trim-args';

describe('the clip trim in the browser (ffmpeg.wasm arguments)', () => {
  it('cuts frame-exactly from the loop start for the loop length, keeping the sound as AAC', () => {
    expect(
      trimArgs({
        inputName: 'input.mov',
        outputName: 'output.mp4',
        start: 1,
        end: 3.25,
        hasAudio: true,
      }),
    ).toEqual([
      ...['-ss', '1.000', '-i', 'input.mov', '-t', '2.250'],
      ...['-map', '0:v:0', '-map', '0:a:0?', '-c:a', 'aac', '-b:a', '192k'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', 'output.mp4'],
    ]);
  });

  it('leaves the sound out of a silent clip', () => {
    const args = trimArgs({
      inputName: 'a.mp4',
      outputName: 'b.mp4',
      start: 0,
      end: 2,
      hasAudio: false,
    });
    expect(args).toContain('-an');
    expect(args).not.toContain('-c:a');
  });

  it('names the result after the clip', () => {
    expect(trimmedName('Skyline.MOV')).toBe('Skyline-trim.mp4');
    expect(trimmedName('.mp4')).toBe('clip-trim.mp4');
  });
});
