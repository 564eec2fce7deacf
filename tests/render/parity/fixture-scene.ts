// Real inputs for render tests: the analysis of the shared 30-second fixture track (decoded by the
// project's ffmpeg through the same analyzer as uploads) and the shared fixture images.

import { readFile } from 'node:fs/promises';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { analyseAudioFile } from '../../../server/render/analyse-audio';
import { resolveBinaries } from '../../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../../support/fixtures';

export const FIXTURE_TRACK = 'audio/intro-30s.wav';
export const FIXTURE_IMAGES = {
  album_art: 'images/truchet-1000.jpg',
  background: 'images/wood-4096.webp',
  logo: 'images/symbolic-512.png',
} as const;

let cached: Promise<Analysis> | null = null;

/** The analysis of the 30-second fixture track (decoded once per process). */
export function fixtureAnalysis(): Promise<Analysis> {
  cached ??= (async () => {
    const binaries = await resolveBinaries({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    });
    return analyseAudioFile(new Ffmpeg(binaries), fixture(FIXTURE_TRACK));
  })();
  return cached;
}

/** The bytes of a fixture image by slot. */
export function fixtureImageBytes(slot: keyof typeof FIXTURE_IMAGES): Promise<Buffer> {
  return readFile(fixture(FIXTURE_IMAGES[slot]));
}

/**
 * A loud moment (the beat with the highest level after the first second) and a quiet one (the
 * quietest frame between the first and last second), in seconds; with `untilSeconds`, both
 * before that time (a particle scene simulates every frame up to the moment it draws).
 */
export function loudAndQuiet(
  analysis: Analysis,
  untilSeconds = Infinity,
): { loud: number; quiet: number } {
  const fps = analysis.summary.fps;
  const until = untilSeconds * fps;
  const beats = analysis.summary.beatFrames.filter((f) => f > fps && f < until);
  const candidates = beats.length > 0 ? beats : analysis.summary.onsets.map((o) => o.frame);
  let loud = candidates[0] ?? fps;
  for (const f of candidates) if (analysis.rmsAt(f) > analysis.rmsAt(loud)) loud = f;
  let quiet = fps;
  for (let f = fps; f < Math.min(analysis.frameCount - fps, until); f++) {
    if (analysis.rmsAt(f) < analysis.rmsAt(quiet)) quiet = f;
  }
  // A frame just after the beat, where the pulse is high, reads as "on the beat".
  return { loud: (loud + 1) / fps, quiet: quiet / fps };
}
