// A track from this device, made ready for the preview without leaving it: decoded in the page to
// 44.1 kHz mono (as the server decodes uploads), analysed in a worker by core's analyzer into the
// same WFA1 file the server would store, and played from an object URL.
import { transfer } from 'comlink';
import type { AnalysisApi } from '../../../workers/analysis-api';
import { createComlinkWorker } from '../../lib/comlink-worker';

export const ANALYSIS_SAMPLE_RATE = 44_100;
/** Samples sent to the worker at a time: ten seconds. */
const CHUNK_SAMPLES = ANALYSIS_SAMPLE_RATE * 10;

export const LOCAL_AUDIO_MESSAGES = {
  unreadable: 'This file could not be read as audio. Try an MP3, M4A, WAV, FLAC or OGG file.',
} as const;

/** Decodes an audio file to mono samples at 44.1 kHz (channels averaged). */
export async function decodeToMono(
  file: Blob,
): Promise<{ samples: Float32Array; duration: number }> {
  const bytes = await file.arrayBuffer();
  // decodeAudioData resamples to the context's rate; the context itself never renders.
  const context = new OfflineAudioContext(1, 1, ANALYSIS_SAMPLE_RATE);
  const buffer = await context.decodeAudioData(bytes);
  const samples = new Float32Array(buffer.length);
  const channels = buffer.numberOfChannels;
  for (let c = 0; c < channels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < data.length; i++) samples[i]! += data[i]! / channels;
  }
  return { samples, duration: buffer.duration };
}

/** Runs the analyzer over the samples in a worker; progress goes 0..1. */
export async function analyseSamples(
  samples: Float32Array,
  onProgress?: (fraction: number) => void,
): Promise<Uint8Array> {
  const worker = createComlinkWorker<AnalysisApi>(
    () =>
      new Worker(new URL('../../../workers/analysis.worker.ts', import.meta.url), {
        type: 'module',
        name: 'analysis',
      }),
  );
  try {
    await worker.api.start(ANALYSIS_SAMPLE_RATE);
    for (let at = 0; at < samples.length; at += CHUNK_SAMPLES) {
      const chunk = samples.slice(at, at + CHUNK_SAMPLES);
      await worker.api.push(transfer(chunk, [chunk.buffer]));
      onProgress?.(Math.min(1, (at + CHUNK_SAMPLES) / samples.length));
    }
    return await worker.api.finish();
  } finally {
    worker.terminate();
  }
}

/** Decodes and analyses a local file: its WFA1 analysis bytes and duration. */
export async function analyseLocalFile(
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<{ bytes: Uint8Array; duration: number }> {
  const { samples, duration } = await decodeToMono(file);
  const bytes = await analyseSamples(samples, onProgress);
  return { bytes, duration };
}
