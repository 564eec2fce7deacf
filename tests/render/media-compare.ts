// Helpers of the render tests: real ffmpeg/ffprobe, decoded frames and PCM, and comparisons.

import { spawn } from 'node:child_process';
import { safeArea } from '../../core/render/lyrics/layout';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { ffmpegBinary } from '../../server/repositories/ffmpeg/fed-process';

export async function testFfmpeg(): Promise<Ffmpeg> {
  return new Ffmpeg(await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined }));
}

/** Runs ffmpeg and answers its whole stdout (for small outputs: one frame, a few seconds of PCM). */
export async function ffmpegOutput(ffmpeg: Ffmpeg, args: string[]): Promise<Buffer> {
  const binary = await ffmpegBinary(ffmpeg);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`ffmpeg ${args.join(' ')} failed: ${stderr}`)),
    );
  });
}

/** Frame `index` of the video as RGB24 (decoded exactly, counting frames, not seeking). */
export function videoFrameRgb(ffmpeg: Ffmpeg, file: string, index: number): Promise<Buffer> {
  return ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:v:0', '-vf', `select=eq(n\\,${index})`, '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
}

/**
 * Frames `indices` of a width x height video as RGB24, by index, from one decode: what
 * videoFrameRgb gives for each, without decoding the video from its start once per frame.
 */
export async function videoFramesRgb(
  ffmpeg: Ffmpeg,
  file: string,
  indices: number[],
  width: number,
  height: number,
): Promise<Map<number, Buffer>> {
  const wanted = [...new Set(indices)].sort((a, b) => a - b);
  const select = wanted.map((n) => `eq(n\\,${n})`).join('+');
  const raw = await ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:v:0', '-vf', `select=${select}`, '-vsync', '0'],
    ...['-frames:v', String(wanted.length), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const size = width * height * 3;
  if (raw.length !== wanted.length * size) {
    throw new Error(`${file}: ${raw.length / size} frames decoded of ${wanted.length} wanted`);
  }
  return new Map(wanted.map((n, i) => [n, raw.subarray(i * size, (i + 1) * size)]));
}

/**
 * Pixels of the lyrics' safe area (where every lyric style draws) at which two RGB frames of a
 * width x height video differ clearly: over 40 in a channel, above x264's noise.
 */
export function changedInLyricsArea(a: Buffer, b: Buffer, width: number, height: number): number {
  const box = safeArea(width, height);
  let changed = 0;
  for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(a[i + c]! - b[i + c]!))) > 40) changed++;
    }
  }
  return changed;
}

/** The audio of a file, mono 48 kHz float. */
export async function monoPcm(ffmpeg: Ffmpeg, file: string): Promise<Float32Array> {
  const bytes = await ffmpegOutput(ffmpeg, [
    ...['-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 'f32le', 'pipe:1'],
  ]);
  const samples = new Float32Array(bytes.length / 4);
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 4));
  return samples;
}

/** The audio packets of a file, hashed as they are stored (no decoding). */
export async function audioPacketsMd5(ffmpeg: Ffmpeg, file: string): Promise<string> {
  const out = await ffmpegOutput(ffmpeg, [
    '-i',
    file,
    '-map',
    '0:a:0',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return out.toString().trim();
}

/** RGBA (from the canvas) to RGB24. */
export function rgbaToRgb(rgba: Uint8Array): Buffer {
  const rgb = Buffer.alloc((rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return rgb;
}

/** Peak signal-to-noise ratio of two RGB24 pictures of the same size, in dB. */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Share of the pixels within `tolerance` (per channel) of the colour '#rrggbb'. */
export function colourShare(rgb: Uint8Array, colour: string, tolerance = 40): number {
  const r = parseInt(colour.slice(1, 3), 16);
  const g = parseInt(colour.slice(3, 5), 16);
  const b = parseInt(colour.slice(5, 7), 16);
  let hits = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    if (
      Math.abs(rgb[i]! - r) <= tolerance &&
      Math.abs(rgb[i + 1]! - g) <= tolerance &&
      Math.abs(rgb[i + 2]! - b) <= tolerance
    ) {
      hits++;
    }
  }
  return hits / (rgb.length / 3);
}

/**
 * How well `b` reproduces `a`: the lag (in samples, b later than a) where they correlate best
 * within ±maxLag, the correlation there, and the signal-to-noise ratio in dB at that lag.
 */
export function compareAudio(
  a: Float32Array,
  b: Float32Array,
  maxLag = 2400,
): { lag: number; correlation: number; snrDb: number } {
  const n = Math.min(a.length, b.length) - 2 * maxLag;
  const corrAt = (lag: number, step: number) => {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = maxLag; i < maxLag + n; i += step) {
      const x = a[i]!;
      const y = b[i + lag]!;
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
    return ab / Math.sqrt(aa * bb || 1);
  };
  let best = 0;
  let bestCorr = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag += 8) {
    const c = corrAt(lag, 16);
    if (c > bestCorr) [best, bestCorr] = [lag, c];
  }
  const coarse = best;
  bestCorr = -Infinity;
  for (let lag = Math.max(-maxLag, coarse - 8); lag <= Math.min(maxLag, coarse + 8); lag++) {
    const c = corrAt(lag, 1);
    if (c > bestCorr) [best, bestCorr] = [lag, c];
  }
  let signal = 0;
  let noise = 0;
  for (let i = maxLag; i < maxLag + n; i++) {
    const x = a[i]!;
    signal += x * x;
    noise += (x - b[i + best]!) ** 2;
  }
  return {
    lag: best,
    correlation: corrAt(best, 1),
    snrDb: 10 * Math.log10(signal / (noise || 1e-12)),
  };
}

/**
 * Mean volume in dB (ffmpeg's volumedetect) of the file's audio from `start` to `end` seconds,
 * trimmed from the decoded audio (so the times are the file's own, from 0).
 */
export async function meanVolumeDb(
  ffmpeg: Ffmpeg,
  file: string,
  start: number,
  end: number,
): Promise<number> {
  const { stderr } = await ffmpeg.run([
    ...['-i', file, '-map', '0:a:0', '-af'],
    `atrim=start=${start.toFixed(6)}:end=${end.toFixed(6)},volumedetect`,
    ...['-f', 'null', '-'],
  ]);
  const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  if (!match) throw new Error(`no mean_volume in: ${stderr.slice(-500)}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}
