import { describe, expect, test } from 'vitest';
import { defaultSettings, findTemplate } from '../../../../core/render/renderer';
import { VIDEO_OUTPUT_ARGS } from '../../../../server/repositories/ffmpeg/encode-args';
import {
  audioCodecArgs,
  containerArgs,
  outputRateArgs,
  rawFrameInputArgs,
  videoCodecArgs,
} from '../../../../server/repositories/ffmpeg/encode-args';
import { stillFrameRate, thumbnailTime } from '../../../../server/render/engine';

describe('render encode arguments', () => {
  test('video, audio and container together are the output format, plus stereo', () => {
    const all = [...videoCodecArgs(), ...audioCodecArgs(false), ...containerArgs()];
    const pairs = (args: readonly string[]) =>
      Object.fromEntries(args.flatMap((v, i) => (i % 2 === 0 ? [[v, args[i + 1]]] : [])));
    expect(pairs(all)).toEqual({ ...pairs(VIDEO_OUTPUT_ARGS), '-ac': '2', '-f': 'mp4' });
    expect(videoCodecArgs()).toContain('libx264');
    expect(videoCodecArgs()).not.toContain('-c:a');
  });

  test('a picture of dense motion (a particle render) asks x264 for quick subpixel motion only', () => {
    const dense = videoCodecArgs('dense-motion');
    expect(dense.slice(0, videoCodecArgs().length)).toEqual(videoCodecArgs());
    expect(dense.slice(-2)).toEqual(['-x264-params', 'subme=1']);
    expect(videoCodecArgs()).not.toContain('-x264-params');
  });

  test("4K and 60 fps get YouTube's H.264 level and the top of its bitrate range as a ceiling", () => {
    const rate = (width: number, height: number, fps: number) =>
      outputRateArgs({ width, height, fps }).join(' ');
    expect(rate(1920, 1080, 30)).toBe('');
    expect(rate(1080, 1920, 60)).toBe('-level:v 4.2 -maxrate 12M -bufsize 24M');
    expect(rate(3840, 2160, 30)).toBe('-level:v 5.1 -maxrate 45M -bufsize 90M');
    expect(rate(2160, 2160, 30)).toBe('-level:v 5.1 -maxrate 45M -bufsize 90M');
    expect(rate(2160, 3840, 60)).toBe('-level:v 5.2 -maxrate 68M -bufsize 136M');
    const uhd = videoCodecArgs('dense-motion', { width: 3840, height: 2160, fps: 60 });
    expect(uhd.slice(-8)).toEqual(['-x264-params', 'subme=1', ...rate(3840, 2160, 60).split(' ')]);
  });

  test('AAC input is copied: no audio encoder options', () => {
    expect(audioCodecArgs(true)).toEqual(['-c:a', 'copy']);
  });

  test('raw frames are RGBA at the scene size and rate', () => {
    expect(rawFrameInputArgs(1920, 1080, 30).join(' ')).toBe(
      '-f rawvideo -pix_fmt rgba -s 1920x1080 -framerate 30 -i pipe:0',
    );
  });
});

describe('single-frame timing', () => {
  test.each([
    [30, 30, '30000/30000'],
    [30.041, 30, '30000/30041'],
    [195.5, 196, '196000/195500'],
    [0.4, 1, '1000/400'],
  ])('%s s: %s frames at %s fps, ending with the audio', (duration, frames, rate) => {
    const result = stillFrameRate(duration);
    expect(result).toEqual({ frames, rate });
    const [num, den] = rate.split('/').map(Number) as [number, number];
    expect(Math.abs(frames / (num / den) - duration)).toBeLessThan(0.001);
  });
});

describe('thumbnail time', () => {
  test('a single-frame video shows its one picture', () => {
    const settings = defaultSettings(findTemplate('single-frame', 'cover-on-blur')!);
    expect(thumbnailTime(settings, null)).toBe(0);
  });
});
