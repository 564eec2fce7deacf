// ffmpeg arguments of media processing (audio uploads, the self-test). With encode-args.ts, the
// only place ffmpeg's arguments are written.

import { VIDEO_OUTPUT_ARGS } from './encode-args';

/** Mono float PCM at sampleRate on stdout: what core's analyzer reads. */
export function analysisDecodeArgs(input: string, sampleRate: number): string[] {
  return [
    ...['-i', input, '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate)],
    ...['-f', 'f32le', 'pipe:1'],
  ];
}

/**
 * The first audio stream as mono 16-bit PCM at its own sample rate (no resampling, so the byte
 * count gives its exact decoded length) on stdout.
 */
export function sampleCountDecodeArgs(input: string, sampleRate: number): string[] {
  return [
    ...['-i', input, '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate)],
    ...['-f', 's16le', 'pipe:1'],
  ];
}

/**
 * The analysis decode plus, in the same run, the browser-playable copy (AAC; AAC input is
 * copied) written to `playable`.
 */
export function analysisAndPlayableArgs(
  input: string,
  sampleRate: number,
  codec: string,
  playable: string,
): string[] {
  return [
    ...analysisDecodeArgs(input, sampleRate),
    ...['-map', '0:a:0', '-vn'],
    ...(codec === 'aac'
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k', '-ar', '48000']),
    ...['-movflags', '+faststart', '-f', 'mp4', playable],
  ];
}

/** A preview clip of `length` seconds from `start`, with a 1 s fade in and 2 s fade out. */
export function previewClipArgs(input: string, start: number, length: number, outFile: string) {
  return [
    ...['-ss', start.toFixed(3), '-t', length.toFixed(3), '-i', input, '-map', '0:a:0', '-vn'],
    ...['-af', `afade=t=in:d=1,afade=t=out:st=${Math.max(0, length - 2).toFixed(3)}:d=2`],
    ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-movflags', '+faststart', outFile],
  ];
}

/** A test pattern with pink noise in the render output format (the deployment self-test). */
export function selfTestArgs(
  spec: { durationSeconds: number; width: number; height: number; fps: number },
  outFile: string,
): string[] {
  const size = `${spec.width}x${spec.height}`;
  return [
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${spec.fps}`],
    // Pink noise keeps the audio encoder busy at its full bitrate, unlike a pure tone.
    ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.2:sample_rate=48000'],
    ...['-t', String(spec.durationSeconds), '-ac', '2'],
    ...VIDEO_OUTPUT_ARGS,
    outFile,
  ];
}
