import { createAudioAnalyzer, type AnalysisSummary } from '../core/audio-analysis/analyzer';
import { medianMs, report } from './measure';

const SAMPLE_RATE = 44_100;
const SECONDS = 600;
/** 125 BPM is exactly 21168 samples a beat; the pattern is 32 beats, so it loops in time. */
const BEAT_SAMPLES = 21_168;
const PATTERN_BEATS = 32;
const CHUNK = 4096;

// 15.36 s of 125 BPM "music": kick, snare, hi-hats, a bass line and a chord pad, built with a
// seeded generator so every run analyses the same signal. It repeats to make the 10 minutes
// (the analysis does the same work on a repeat as on new audio) without holding 100 MB of PCM.
function musicLikePattern(): Float32Array {
  const out = new Float32Array(PATTERN_BEATS * BEAT_SAMPLES);
  let seed = 12345;
  const noise = (): number => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 31 - 1;
  const add = (at: number, length: number, voice: (n: number) => number): void => {
    for (let n = 0; n < length && at + n < out.length; n++) out[at + n]! += voice(n);
  };
  for (let b = 0; b < PATTERN_BEATS; b++) {
    const at = b * BEAT_SAMPLES;
    const kickPhase = (n: number): number =>
      2 * Math.PI * (50 * n + 2000 * (1 - Math.exp(-n / 2000)));
    add(at, 8000, (n) => 0.6 * Math.exp(-n / 3000) * Math.sin(kickPhase(n) / SAMPLE_RATE));
    if (b % 2 === 1) add(at, 6000, (n) => 0.3 * Math.exp(-n / 1500) * noise());
    for (let h = 0; h < 2; h++) {
      add(
        Math.round(at + (h * BEAT_SAMPLES) / 2),
        2000,
        (n) => 0.12 * Math.exp(-n / 300) * noise(),
      );
    }
    const bassHz = [55, 55, 65.4, 49][Math.floor(b / 4) % 4]!;
    add(at, BEAT_SAMPLES, (n) => 0.2 * Math.sin((2 * Math.PI * bassHz * n) / SAMPLE_RATE));
  }
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    out[n]! += 0.05 * (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277.2 * t));
  }
  return out;
}

// Feeds the pattern in CHUNK-sized pieces until SECONDS of audio have passed.
function forEachChunk(pattern: Float32Array, visit: (chunk: Float32Array) => void): void {
  const total = SECONDS * SAMPLE_RATE;
  for (let sent = 0; sent < total;) {
    const at = sent % pattern.length;
    const length = Math.min(CHUNK, pattern.length - at, total - sent);
    visit(pattern.subarray(at, at + length));
    sent += length;
  }
}

/** Analysing 10 minutes of music-like audio against just reading every sample once. */
export async function benchAudioAnalysis(): Promise<void> {
  const pattern = musicLikePattern();
  let squares = 0;
  const baseline = await medianMs(5, async () => {
    squares = 0;
    forEachChunk(pattern, (chunk) => {
      // A local sum: accumulating into the captured variable would box every addition.
      let sum = 0;
      for (let i = 0; i < chunk.length; i++) sum += chunk[i]! * chunk[i]!;
      squares += sum;
    });
  });
  let frames = 0;
  let summary: AnalysisSummary | null = null;
  const subject = await medianMs(5, async () => {
    const analyzer = createAudioAnalyzer({ sampleRate: SAMPLE_RATE });
    frames = 0;
    forEachChunk(pattern, (chunk) => {
      frames += analyzer.push(chunk).length;
    });
    const end = analyzer.finish();
    frames += end.frames.length;
    summary = end.summary;
  });
  report(
    'audio analysis, 10 min at 44.1 kHz, 60 fps',
    subject,
    'sum of squares of the samples',
    baseline,
  );
  // The baseline's sum doubles as a check that both read the same audio.
  const loudness = 10 * Math.log10(squares / (SECONDS * SAMPLE_RATE));
  const found = summary as AnalysisSummary | null;
  console.log(
    `  ${frames} frames, ${found?.bpm ?? 'no'} BPM (125 played), ` +
      `${found?.loudnessDb} dB (baseline ${loudness.toFixed(2)} dB); ` +
      `${(SECONDS / (subject / 1000)).toFixed(0)} s of audio per second of compute`,
  );
}
