// ffmpeg arguments of the render output (VIDEO_OUTPUT_ARGS), split into video and audio so a
// render can copy AAC input, and the raw-frame input the engine (and its benchmark) feed.

import { VIDEO_OUTPUT_ARGS } from '../repositories/ffmpeg/video-encoding';

const AUDIO_KEYS = new Set(['-c:a', '-aac_coder', '-b:a', '-ar']);
const CONTAINER_KEYS = new Set(['-movflags']);

function pairs(args: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < args.length; i += 2) out.push([args[i]!, args[i + 1]!]);
  return out;
}

const OUTPUT_PAIRS = pairs(VIDEO_OUTPUT_ARGS);

/** H.264 High yuv420p options of the output format. */
export function videoCodecArgs(): string[] {
  return OUTPUT_PAIRS.filter(([key]) => !AUDIO_KEYS.has(key) && !CONTAINER_KEYS.has(key)).flat();
}

/**
 * The audio of the output: AAC is copied as it is (no second generation loss, almost free);
 * anything else becomes AAC-LC 48 kHz 320 kbit/s, in stereo (a mono source plays on both sides).
 */
export function audioCodecArgs(copy: boolean): string[] {
  if (copy) return ['-c:a', 'copy'];
  return [...OUTPUT_PAIRS.filter(([key]) => AUDIO_KEYS.has(key)).flat(), '-ac', '2'];
}

/** MP4 with the index at the front. */
export function containerArgs(): string[] {
  return [...OUTPUT_PAIRS.filter(([key]) => CONTAINER_KEYS.has(key)).flat(), '-f', 'mp4'];
}

/** Raw frames on stdin, as @napi-rs/canvas gives them: RGBA, 4 bytes a pixel, top row first. */
export function rawFrameInputArgs(width: number, height: number, fps: number | string): string[] {
  return [
    ...[
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${width}x${height}`,
      '-framerate',
      String(fps),
    ],
    ...['-i', 'pipe:0'],
  ];
}
