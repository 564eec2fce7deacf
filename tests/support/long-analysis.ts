// A long track's analysis made from a short one, as if the track were played again and again:
// its frames repeated until `seconds`, and its beats and onsets with them. The hook search's
// tests and bench use it for tracks of hours (the longest an upload may be is 3 hours) without
// analysing hours of audio each time.

import { encodeHeader, recordSize, type Analysis } from '../../core/audio-analysis/analysis-format';

/** The analysis file (WFA1 bytes) of `source` repeated to last `seconds`. */
export function tileAnalysis(source: Analysis, seconds: number): Uint8Array {
  const { summary } = source;
  const frameCount = Math.ceil(seconds * summary.fps);
  const size = recordSize(summary.bandCount);
  const body = source.bytes.subarray(source.bytes.length - source.frameCount * size);
  const beatFrames: number[] = [];
  const onsets: { frame: number; strength: number }[] = [];
  for (let shift = 0; shift < frameCount; shift += source.frameCount) {
    for (const frame of summary.beatFrames)
      if (frame + shift < frameCount) beatFrames.push(frame + shift);
    for (const onset of summary.onsets)
      if (onset.frame + shift < frameCount) onsets.push({ ...onset, frame: onset.frame + shift });
  }
  const header = encodeHeader({
    ...summary,
    frameCount,
    durationSeconds: seconds,
    beatFrames,
    onsets,
  });
  const bytes = new Uint8Array(header.length + frameCount * size);
  bytes.set(header);
  for (let at = 0; at < frameCount; at += source.frameCount) {
    const frames = Math.min(source.frameCount, frameCount - at);
    bytes.set(body.subarray(0, frames * size), header.length + at * size);
  }
  return bytes;
}
