// Decodes a local audio file once with ffmpeg and streams it through core's analyzer, as the
// process-audio job does, for renders that start from a bare file (the command line, tests,
// benchmarks). Only the compact analysis is kept (about 40 bytes per 1/60 s), never the PCM.

import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
  type Analysis,
} from '../../core/audio-analysis/analysis-format';
import { createAudioAnalyzer, DEFAULT_ANALYZER_OPTIONS } from '../../core/audio-analysis/analyzer';
import type { Ffmpeg } from '../repositories/ffmpeg/ffmpeg';
import { analysisDecodeArgs } from '../repositories/ffmpeg/media-args';
import { float32Samples } from '../repositories/ffmpeg/pcm-samples';

export async function analyseAudioFile(
  ffmpeg: Ffmpeg,
  file: string,
  signal?: AbortSignal,
): Promise<Analysis> {
  return decodeAnalysis(await analyseAudioFileBytes(ffmpeg, file, signal));
}

/** The analysis of the file as WFA1 bytes (the stored analysis format). */
export async function analyseAudioFileBytes(
  ffmpeg: Ffmpeg,
  file: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const { sampleRate, bandCount } = DEFAULT_ANALYZER_OPTIONS;
  const decoder = ffmpeg.stream(analysisDecodeArgs(file, sampleRate), { signal });
  const analyzer = createAudioAnalyzer();
  const records: Uint8Array[] = [];
  for await (const samples of float32Samples(decoder.stdout)) {
    const frames = analyzer.push(samples);
    if (frames.length > 0) records.push(encodeFrames(frames, bandCount));
  }
  await decoder.done;
  const { frames, summary } = analyzer.finish();
  records.push(encodeFrames(frames, bandCount));
  const header = encodeHeader(summary);
  // In shared memory, so a render's frame thread can read the analysis without a copy.
  const length = header.length + records.reduce((n, r) => n + r.length, 0);
  const bytes = new Uint8Array(new SharedArrayBuffer(length));
  bytes.set(header, 0);
  let at = header.length;
  for (const record of records) {
    bytes.set(record, at);
    at += record.length;
  }
  return bytes;
}
