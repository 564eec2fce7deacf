// The audio of a track given on the command line, as the engine takes it.

import path from 'node:path';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { fail } from './options';

/** Core's analysis of the track (as the process-audio job makes it), or a fail() saying why not. */
export function analyseTrack(
  ffmpeg: Ffmpeg,
  file: string,
  why = 'it is not audio we can read',
): Promise<Analysis> {
  return analyseAudioFile(ffmpeg, path.resolve(file)).catch(() =>
    fail(`cannot decode the audio of ${file}: ${why}`),
  );
}

/** The track's length from its container, or a fail() when it has no audio we can decode. */
export async function trackSeconds(ffmpeg: Ffmpeg, file: string): Promise<number> {
  const probe = await ffmpeg.probe(path.resolve(file)).catch(() => null);
  const stream = probe?.streams.find((candidate) => candidate.codec_type === 'audio');
  const seconds = Number(probe?.format.duration ?? stream?.duration ?? NaN);
  if (!stream || !Number.isFinite(seconds) || seconds <= 0) {
    fail(`cannot read audio from ${file}: it is not an audio file we can decode`);
  }
  return seconds;
}
