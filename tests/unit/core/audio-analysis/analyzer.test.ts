import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ANALYZER_OPTIONS,
  createAudioAnalyzer,
} from '../../../../core/audio-analysis/analyzer';
import { SAMPLE_RATE, analyse, seededNoise, sine, whiteNoise } from './signals';

// Index of the band whose edges contain `hz`.
function bandOf(edges: number[], hz: number): number {
  return edges.findIndex((low, b) => low <= hz && hz < edges[b + 1]!);
}

describe('createAudioAnalyzer bands', () => {
  it('defaults to 44.1 kHz, 60 fps and 32 bands from 30 Hz to 16 kHz', () => {
    expect(DEFAULT_ANALYZER_OPTIONS).toEqual({ sampleRate: 44_100, fps: 60, bandCount: 32 });
    const { summary } = analyse(sine(440, 0.1));
    expect(summary.bandCount).toBe(32);
    expect(summary.bandEdgesHz).toHaveLength(33);
    expect(summary.bandEdgesHz[0]).toBe(30);
    expect(summary.bandEdgesHz[32]).toBe(16_000);
  });

  it('lights the band containing 1 kHz, at about 0 dB for a full-scale sine, and not far bands', () => {
    const { frames, summary } = analyse(sine(1000, 2));
    const band = bandOf(summary.bandEdgesHz, 1000);
    for (const frame of frames.slice(10, -10)) {
      expect(Math.max(...frame.bands)).toBe(frame.bands[band]);
      expect(frame.bands[band]).toBeGreaterThanOrEqual(250);
      // Nothing more than an octave and a half away on either side.
      frame.bands.forEach((value, b) => {
        if (Math.abs(b - band) >= 5) expect(value).toBe(0);
      });
    }
  });

  it('reads a 1 kHz sine 20 dB quieter 20 dB lower on the 0..255 scale', () => {
    const loud = analyse(sine(1000, 1)).frames[30]!;
    const quiet = analyse(sine(1000, 1, 0.1)).frames[30]!;
    const band = bandOf(analyse(sine(1000, 0.1)).summary.bandEdgesHz, 1000);
    expect(loud.bands[band]! - quiet.bands[band]!).toBe(Math.round((20 * 255) / 80));
  });

  it('lights the low bands for a 100 Hz sine and leaves everything above 1 kHz dark', () => {
    const { frames, summary } = analyse(sine(100, 2));
    const band = bandOf(summary.bandEdgesHz, 100);
    const thousand = bandOf(summary.bandEdgesHz, 1000);
    for (const frame of frames.slice(10, -10)) {
      expect(Math.max(...frame.bands)).toBe(frame.bands[band]);
      expect(frame.bands[band]).toBeGreaterThan(230);
      for (let b = thousand; b < 32; b++) expect(frame.bands[b]).toBe(0);
    }
  });

  it('gives rms 0, bands 0 and peaks 0 for silence', () => {
    const { frames, summary } = analyse(new Float32Array(SAMPLE_RATE * 2));
    expect(frames).toHaveLength(120);
    for (const frame of frames) {
      expect(frame.rms).toBe(0);
      expect(frame.peakMin).toBe(0);
      expect(frame.peakMax).toBe(0);
      expect(Array.from(frame.bands)).toEqual(new Array(32).fill(0));
    }
    expect(summary).toMatchObject({ maxRms: 0, meanRms: 0, loudnessDb: -120, bpm: null });
    expect(summary.onsets).toEqual([]);
    expect(summary.beatFrames).toEqual([]);
  });

  it('honours other band counts and frame rates', () => {
    const { frames, summary } = analyse(sine(1000, 1), { bandCount: 8, fps: 30 });
    expect(frames).toHaveLength(30);
    expect(frames[0]!.bands).toHaveLength(8);
    expect(summary.bandEdgesHz).toHaveLength(9);
  });

  it('works at 48 kHz', () => {
    const samples = new Float32Array(48_000);
    for (let n = 0; n < samples.length; n++)
      samples[n] = Math.sin((2 * Math.PI * 1000 * n) / 48_000);
    const { frames, summary } = analyse(samples, { sampleRate: 48_000 });
    expect(frames).toHaveLength(60);
    expect(Math.max(...frames[30]!.bands)).toBe(
      frames[30]!.bands[bandOf(summary.bandEdgesHz, 1000)],
    );
  });
});

describe('createAudioAnalyzer framing', () => {
  it.each([
    [2.5, 60],
    [1.001, 60],
    [0.01, 60],
    [3, 24],
    [2.2, 29.97],
    [1.7, 25],
  ])('makes ceil(duration·fps) frames for %f s at %f fps', (seconds, fps) => {
    const samples = Math.round(seconds * SAMPLE_RATE);
    const { frames, summary } = analyse(new Float32Array(samples), { fps });
    const expected = Math.ceil((samples / SAMPLE_RATE) * fps - 1e-9);
    expect(frames).toHaveLength(expected);
    expect(summary.frameCount).toBe(expected);
    expect(summary.durationSeconds).toBe(samples / SAMPLE_RATE);
  });

  it('makes no frames for no samples', () => {
    const { frames, summary } = analyse(new Float32Array(0));
    expect(frames).toEqual([]);
    expect(summary).toMatchObject({ frameCount: 0, durationSeconds: 0, loudnessDb: -120 });
  });

  it('gives identical frames and summary whatever the chunk sizes', () => {
    // Music-ish: noise bursts on a beat over a sine, so every feature is exercised.
    const samples = sine(220, 4, 0.3);
    const noise = seededNoise(7);
    for (let beat = 0; beat < 8; beat++) {
      const at = beat * 22_050;
      for (let n = 0; n < 3000; n++) samples[at + n]! += 0.5 * Math.exp(-n / 600) * noise();
    }
    const whole = analyse(samples);
    const oneByOne = analyse(samples, {}, () => 1);
    const random = seededNoise(99);
    const randomSizes = analyse(samples, {}, () => Math.floor((random() + 1) * 3000));
    const frameSized = analyse(samples, {}, () => 735);
    for (const other of [oneByOne, randomSizes, frameSized]) {
      expect(other.frames).toEqual(whole.frames);
      expect(other.summary).toEqual(whole.summary);
    }
    expect(whole.frames).toHaveLength(240);
  });

  it('returns frames from push as soon as their samples (and window look-ahead) are in', () => {
    const analyzer = createAudioAnalyzer();
    // Frame 0 needs its 735 samples and the 2048-point window centred on it, up to sample 1391.
    expect(analyzer.push(new Float32Array(1390))).toHaveLength(0);
    expect(analyzer.push(new Float32Array(1))).toHaveLength(1);
    expect(analyzer.push(new Float32Array(735 * 10))).toHaveLength(10);
    // 8741 samples make 12 frames; the last one is only decided by finish().
    const end = analyzer.finish();
    expect(end.frames).toHaveLength(1);
    expect(end.summary.frameCount).toBe(12);
  });

  it('refuses to be used after finish, and bad options', () => {
    const analyzer = createAudioAnalyzer();
    analyzer.finish();
    expect(() => analyzer.push(new Float32Array(10))).toThrow(/finished/);
    expect(() => analyzer.finish()).toThrow(/finished/);
    expect(() => createAudioAnalyzer({ sampleRate: 0 })).toThrow(RangeError);
    expect(() => createAudioAnalyzer({ sampleRate: 44_100.5 })).toThrow(RangeError);
    expect(() => createAudioAnalyzer({ fps: 0 })).toThrow(RangeError);
    expect(() => createAudioAnalyzer({ fps: Number.NaN })).toThrow(RangeError);
    expect(() => createAudioAnalyzer({ bandCount: 0 })).toThrow(RangeError);
    expect(() => createAudioAnalyzer({ bandCount: 2.5 })).toThrow(RangeError);
  });
});

describe('createAudioAnalyzer levels', () => {
  it('takes each frame’s peaks and rms from exactly its own samples', () => {
    const samples = whiteNoise(1, 0.5, 3);
    samples[735 * 5 + 100] = 0.9;
    samples[735 * 5 + 734] = -0.95;
    samples[735 * 6] = 2; // clipped to 1 in the stored peak
    const { frames } = analyse(samples);
    frames.forEach((frame, i) => {
      const own = samples.subarray(i * 735, (i + 1) * 735);
      const padded = own.length < 735 ? [0] : [];
      expect(frame.peakMax).toBeCloseTo(Math.min(1, Math.max(...own, ...padded)), 4);
      expect(frame.peakMin).toBeCloseTo(Math.min(...own, ...padded), 4);
      const squares = own.reduce((sum, v) => sum + v * v, 0);
      expect(frame.rms).toBeCloseTo(Math.sqrt(squares / 735), 6);
    });
    expect(frames[5]!.peakMax).toBeCloseTo(0.9, 4);
    expect(frames[5]!.peakMin).toBeCloseTo(-0.95, 4);
    expect(frames[6]!.peakMax).toBe(1);
  });

  it('zero-pads the last partial frame', () => {
    const { frames } = analyse(new Float32Array(735 + 10).fill(0.5));
    expect(frames).toHaveLength(2);
    expect(frames[0]!.rms).toBeCloseTo(0.5, 6);
    expect(frames[1]!.rms).toBeCloseTo(0.5 * Math.sqrt(10 / 735), 6);
    expect(frames[1]!.peakMin).toBe(0);
    expect(frames[1]!.peakMax).toBe(Math.round(0.5 * 32_767) / 32_767);
  });

  it('summarises rms and loudness: a full-scale sine is -3.01 dB', () => {
    const { frames, summary } = analyse(sine(1000, 2));
    expect(summary.loudnessDb).toBeCloseTo(-3.01, 2);
    // 735 samples are not a whole number of periods, so frames vary slightly around 1/√2.
    expect(summary.maxRms).toBeCloseTo(Math.SQRT1_2, 2);
    expect(summary.meanRms).toBeCloseTo(Math.SQRT1_2, 3);
    expect(summary.maxRms).toBe(Math.max(...frames.map((f) => f.rms)));
    expect(analyse(sine(1000, 2, 0.1)).summary.loudnessDb).toBeCloseTo(-23.01, 2);
  });

  it('treats non-finite samples as silence', () => {
    const samples = sine(440, 0.5, 0.5);
    samples[1000] = Number.NaN;
    samples[2000] = Infinity;
    const { frames, summary } = analyse(samples);
    for (const frame of frames) {
      expect(Number.isFinite(frame.rms)).toBe(true);
      expect(frame.peakMax).toBeLessThanOrEqual(0.5);
    }
    expect(Number.isFinite(summary.loudnessDb)).toBe(true);
  });

  it('clamps absurd sample values so the summary stays finite', () => {
    const samples = sine(440, 0.5, 0.5);
    samples[1000] = 3e38;
    const { frames, summary } = analyse(samples);
    expect(frames[1]!.peakMax).toBe(1);
    expect(Number.isFinite(summary.maxRms)).toBe(true);
    expect(Number.isFinite(summary.loudnessDb)).toBe(true);
  });
});
