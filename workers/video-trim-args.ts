// The ffmpeg.wasm arguments of a clip trim: frame-exact (re-encoded, since a stream copy can only
// start on a keyframe), fast (ultrafast x264, near-lossless), with the sound kept as AAC.

export const TRIM_OUTPUT_MIME = 'video/mp4';

export function trimArgs(options: {
  inputName: string;
  outputName: string;
  start: number;
  end: number;
  hasAudio: boolean;
}): string[] {
  const { inputName, outputName, start, end, hasAudio } = options;
  return [
    ...['-ss', start.toFixed(3), '-i', inputName, '-t', (end - start).toFixed(3)],
    ...[
      '-map',
      '0:v:0',
      ...(hasAudio ? ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', '192k'] : ['-an']),
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', outputName],
  ];
}

/** The trimmed file's name: "clip.mov" → "clip-trim.mp4". */
export function trimmedName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '') || 'clip'}-trim.mp4`;
}
