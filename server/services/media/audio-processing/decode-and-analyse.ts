import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { encodeFrames } from '../../../../core/audio-analysis/analysis-format';
import {
  createAudioAnalyzer,
  DEFAULT_ANALYZER_OPTIONS,
} from '../../../../core/audio-analysis/analyzer';
import type { AppContext } from '../../../context';
import { analysisAndPlayableArgs } from '../../../repositories/ffmpeg/media-args';
import { float32Samples } from '../../../repositories/ffmpeg/pcm-samples';

/**
 * Decodes the track once: ffmpeg writes mono 44.1 kHz float PCM to its stdout, which streams
 * through the analysis, and in the same run the browser-playable copy (AAC; AAC input is
 * copied). Memory stays bounded whatever the length: PCM is never held whole.
 */
export async function decodeAndAnalyse(
  context: AppContext,
  input: string,
  codec: string,
  out: { body: string; playable: string },
  signal: AbortSignal,
) {
  const { sampleRate } = DEFAULT_ANALYZER_OPTIONS;
  const ffmpeg = context.ffmpeg.stream(
    analysisAndPlayableArgs(input, sampleRate, codec, out.playable),
    { signal },
  );
  const analyzer = createAudioAnalyzer();
  const body = createWriteStream(out.body);
  const write = async (bytes: Uint8Array) => {
    if (bytes.length > 0 && !body.write(bytes)) await once(body, 'drain');
  };
  for await (const samples of float32Samples(ffmpeg.stdout)) {
    await write(encodeFrames(analyzer.push(samples), DEFAULT_ANALYZER_OPTIONS.bandCount));
  }
  await ffmpeg.done;
  const { frames, summary } = analyzer.finish();
  await write(encodeFrames(frames, DEFAULT_ANALYZER_OPTIONS.bandCount));
  body.end();
  await once(body, 'finish');
  return summary;
}

/** The stored analysis: its header, then the frame records written to bodyFile. */
export async function* concatStreams(
  header: Uint8Array,
  bodyFile: string,
): AsyncGenerator<Uint8Array> {
  yield header;
  for await (const chunk of createReadStream(bodyFile)) yield chunk as Uint8Array;
}
