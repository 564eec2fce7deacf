// ffmpeg arguments of the render output (VIDEO_OUTPUT_ARGS), split into video and audio so a
// render can copy AAC input, and the raw-frame input the engine (and its benchmark) feed. This
// file and the adapter's other *-args.ts are the only places ffmpeg's arguments are written.

/**
 * The one output format of every render: H.264 High in yuv420p and AAC-LC 48 kHz at 320 kbit/s
 * in MP4 with the index at the front, so players start before the whole file arrives.
 */
export const VIDEO_OUTPUT_ARGS = [
  '-c:v',
  'libx264',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-preset',
  'veryfast',
  '-crf',
  '18',
  '-c:a',
  'aac',
  // The "fast" coder is 2.5x quicker than the default twoloop at 320 kbit/s with no audible loss.
  '-aac_coder',
  'fast',
  '-b:a',
  '320k',
  '-ar',
  '48000',
  '-movflags',
  '+faststart',
] as const;

const AUDIO_KEYS = new Set(['-c:a', '-aac_coder', '-b:a', '-ar']);
const CONTAINER_KEYS = new Set(['-movflags']);

function pairs(args: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < args.length; i += 2) out.push([args[i]!, args[i + 1]!]);
  return out;
}

const OUTPUT_PAIRS = pairs(VIDEO_OUTPUT_ARGS);

/**
 * What a render's picture is like, for x264: `dense-motion` is thousands of small points each
 * moving its own way (a particle render). Refining their motion to a quarter pixel (subme) is
 * most of x264's work on such frames and buys little: measured on the 3000-particle snow render
 * at 1080p, subme=1 takes 39 % less CPU for 8 % more bytes at 45.8 dB PSNR (1.6 dB below the
 * default, far above what eyes tell apart at crf 18).
 */
export type PictureKind = 'general' | 'dense-motion';

/**
 * YouTube's recommended uploads beyond 1080p30 (support.google.com/youtube/answer/1722171, SDR):
 * the H.264 level of the size and rate, and its bitrate range in Mbit/s. A render stays at crf 18
 * with the top of the range as its ceiling (VBV maxrate, a buffer of two seconds): a busy picture
 * is capped there, a simple one (a still, a few bars on black) needs fewer bits and gets fewer,
 * as YouTube's own encoder would give it; nothing pads a file up to the bottom of the range.
 */
export const YOUTUBE_RATES = [
  { minSide: 2160, fps: 60, level: '5.2', mbps: [53, 68] },
  { minSide: 2160, fps: 30, level: '5.1', mbps: [35, 45] },
  { minSide: 1080, fps: 60, level: '4.2', mbps: [12, 12] },
] as const;

/** The size and frame rate of the video being encoded. */
export interface OutputFormat {
  width: number;
  height: number;
  fps: number;
}

/** YOUTUBE_RATES' level and ceiling for this output; none at 1080p30 (x264 picks its level). */
export function outputRateArgs(output: OutputFormat | undefined): string[] {
  if (!output) return [];
  const side = Math.min(output.width, output.height);
  const rate = YOUTUBE_RATES.find((r) => side >= r.minSide && output.fps > 30 === r.fps > 30);
  if (!rate) return [];
  const ceiling = rate.mbps[1];
  return ['-level:v', rate.level, '-maxrate', `${ceiling}M`, '-bufsize', `${2 * ceiling}M`];
}

/** H.264 High yuv420p options of the output format, with its level and ceiling when given. */
export function videoCodecArgs(picture: PictureKind = 'general', output?: OutputFormat): string[] {
  const args = OUTPUT_PAIRS.filter(
    ([key]) => !AUDIO_KEYS.has(key) && !CONTAINER_KEYS.has(key),
  ).flat();
  const tuned = picture === 'dense-motion' ? [...args, '-x264-params', 'subme=1'] : args;
  return [...tuned, ...outputRateArgs(output)];
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

/**
 * Raw frames on stdin, top row first: RGBA as @napi-rs/canvas gives them (4 bytes a pixel), or
 * yuv420p converted in the frame thread (1.5 bytes a pixel, nothing left for ffmpeg to convert).
 */
export function rawFrameInputArgs(
  width: number,
  height: number,
  fps: number | string,
  pixelFormat: 'rgba' | 'yuv420p' = 'rgba',
): string[] {
  return [
    ...['-f', 'rawvideo', '-pix_fmt', pixelFormat, '-s', `${width}x${height}`],
    ...['-framerate', String(fps), '-i', 'pipe:0'],
  ];
}

/**
 * A visualizer: raw frames on stdin against the audio file, cut to the analysed duration,
 * encoded to the output format (AAC input copied). With `section`, the audio is the
 * `durationSeconds` from its start, faded in and out over `fadeSeconds` and so encoded to AAC.
 */
export function visualizerEncodeArgs(options: {
  width: number;
  height: number;
  fps: number;
  audioPath: string;
  durationSeconds: number;
  copyAudio: boolean;
  /** What the frame thread writes: see rawFrameInputArgs. */
  pixelFormat: 'rgba' | 'yuv420p';
  outFile: string;
  picture?: PictureKind;
  section?: { startSeconds: number; fadeSeconds: number };
}): string[] {
  const { width, height, fps, audioPath, durationSeconds, copyAudio, pixelFormat, outFile } =
    options;
  const section = options.section;
  return [
    ...rawFrameInputArgs(width, height, fps, pixelFormat),
    // Seeking the input: ffmpeg decodes from the packet before and drops samples up to the
    // start, so the cut is sample-exact and the section's audio starts at 0 s.
    ...(section ? ['-ss', section.startSeconds.toFixed(6), '-t', durationSeconds.toFixed(6)] : []),
    ...['-i', audioPath, '-map', '0:v:0', '-map', '1:a:0'],
    ...['-t', durationSeconds.toFixed(6)],
    ...videoCodecArgs(options.picture, { width, height, fps }),
    ...(section ? ['-af', fadeFilter(durationSeconds, section.fadeSeconds)] : []),
    ...audioCodecArgs(copyAudio && !section),
    ...containerArgs(),
    outFile,
  ];
}

/** A fade in over the first `fadeSeconds` of audio `seconds` long and a fade out over its last. */
function fadeFilter(seconds: number, fadeSeconds: number): string {
  if (fadeSeconds <= 0) return 'anull';
  const fade = fadeSeconds.toFixed(6);
  const outStart = Math.max(0, seconds - fadeSeconds).toFixed(6);
  return `afade=t=in:st=0:d=${fade},afade=t=out:st=${outStart}:d=${fade}`;
}

/**
 * A Canvas loop: exactly `frames` raw frames on stdin, encoded to the output's video format with
 * no audio track (Spotify plays the song itself under a Canvas).
 */
export function loopEncodeArgs(options: {
  width: number;
  height: number;
  fps: number;
  frames: number;
  pixelFormat: 'rgba' | 'yuv420p';
  outFile: string;
  picture?: PictureKind;
}): string[] {
  const { width, height, fps, frames, pixelFormat, outFile } = options;
  return [
    ...rawFrameInputArgs(width, height, fps, pixelFormat),
    ...['-map', '0:v:0', '-frames:v', String(frames), '-an'],
    ...videoCodecArgs(options.picture, { width, height, fps }),
    ...containerArgs(),
    outFile,
  ];
}

/** A still's audio, encoded to the output's AAC on its own (when it cannot be copied). */
export function stillAudioArgs(audioPath: string, durationSeconds: number, outFile: string) {
  return [
    ...['-i', audioPath, '-map', '0:a:0', '-vn', '-t', durationSeconds.toFixed(6)],
    ...audioCodecArgs(false),
    ...containerArgs(),
    outFile,
  ];
}

/** One picture on stdin held for clipFrames frames at `rate`: the clip a still video repeats. */
export function stillClipArgs(options: {
  width: number;
  height: number;
  rate: string;
  clipFrames: number;
  outFile: string;
}): string[] {
  const { width, height, rate, clipFrames, outFile } = options;
  return [
    ...rawFrameInputArgs(width, height, rate),
    ...['-vf', `loop=loop=${clipFrames - 1}:size=1:start=0`, '-frames:v', String(clipFrames)],
    ...videoCodecArgs('general', { width, height, fps: rateValue(rate) }),
    // No B-frames: the clip then has no reordering delay and repeats seamlessly.
    ...['-tune', 'stillimage', '-bf', '0', '-g', String(clipFrames), '-f', 'mp4', outFile],
  ];
}

/** A rate as ffmpeg takes it ("30", "30000/1001") as a number. */
function rateValue(rate: string): number {
  const [num, den = 1] = rate.split('/').map(Number) as [number, number?];
  return num / den;
}

/**
 * Repeats a clip of `clipFrames` frames at `rate` ("frames*1000/millis", see stillFrameRate) by
 * copying its packets (no re-encode) against AAC audio, keeping exactly `frames` frames so the
 * last one ends with the audio. The clip's input is cut half a frame before the last frame's
 * end: a cut on the output would keep every packet that starts before it, and with the rate
 * rounded to the millisecond one more frame can start a hair before the end (a second too long).
 */
export function loopCopyArgs(options: {
  clip: string;
  rate: string;
  frames: number;
  clipFrames: number;
  aacFile: string;
  durationSeconds: number;
  outFile: string;
}): string[] {
  const { clip, rate, frames, clipFrames, aacFile, durationSeconds, outFile } = options;
  const [num, den] = rate.split('/').map(Number) as [number, number];
  const frameSeconds = den / num;
  return [
    ...['-stream_loop', String(Math.ceil(frames / clipFrames) - 1)],
    ...['-t', ((frames - 0.5) * frameSeconds).toFixed(6), '-i', clip],
    ...['-i', aacFile, '-map', '0:v:0', '-map', '1:a:0'],
    ...['-t', durationSeconds.toFixed(6), '-c:v', 'copy', ...audioCodecArgs(true)],
    ...containerArgs(),
    outFile,
  ];
}

/**
 * A user's clip made loopable once: its video only, at a constant `fps`, in the output's H.264
 * yuv420p without B-frames (packets in the order they are shown, so a copy cuts on the exact
 * frame), so its packets can be repeated by copy (loopExtendArgs).
 */
export function loopSegmentArgs(options: { clip: string; fps: string; outFile: string }): string[] {
  const { clip, fps, outFile } = options;
  return [
    ...['-i', clip, '-map', '0:v:0', '-an', '-vf', `fps=${fps},format=yuv420p`],
    ...videoCodecArgs(),
    ...['-bf', '0', '-vsync', 'cfr'],
    ...containerArgs(),
    outFile,
  ];
}

/**
 * A loop extension: the clip's video packets repeated by copy (no re-encode) for exactly
 * `frames` frames, with the track's audio (AAC copied) or none. As in loopCopyArgs, the input is
 * cut half a frame before the last frame's end, so no extra frame starts before the end.
 */
export function loopExtendArgs(options: {
  clip: string;
  clipFrames: number;
  frames: number;
  frameSeconds: number;
  audio: { file: string; copy: boolean; seconds: number } | null;
  outFile: string;
}): string[] {
  const { clip, clipFrames, frames, frameSeconds, audio, outFile } = options;
  return [
    ...['-stream_loop', String(Math.max(0, Math.ceil(frames / clipFrames) - 1))],
    ...['-t', ((frames - 0.5) * frameSeconds).toFixed(6), '-i', clip],
    ...(audio
      ? [
          ...['-i', audio.file, '-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy'],
          ...audioCodecArgs(audio.copy),
          ...['-t', audio.seconds.toFixed(6)],
        ]
      : ['-map', '0:v:0', '-an', '-c:v', 'copy']),
    ...containerArgs(),
    outFile,
  ];
}

/** One frame of a video at `atSeconds`, 640 px wide, as a JPEG thumbnail. */
export function videoThumbnailArgs(options: {
  input: string;
  atSeconds: number;
  outFile: string;
}): string[] {
  const { input, atSeconds, outFile } = options;
  return [
    ...['-ss', atSeconds.toFixed(3), '-i', input, '-map', '0:v:0', '-frames:v', '1'],
    ...['-vf', 'scale=640:-2', '-q:v', '4', '-y', outFile],
  ];
}
