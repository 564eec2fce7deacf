import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
} from '../../../../core/audio-analysis/analysis-format';
import { waveformPeaks } from '../../../../core/audio-analysis/waveform-peaks';
import { fixture } from '../../../support/fixtures';
import { analyse } from './signals';

const FIXTURE = fixture('audio/intro-30s.wav');

// Reads a 16-bit PCM WAV file and mixes its channels to mono float samples in -1..1.
function readWavMono(path: string): { sampleRate: number; samples: Float32Array } {
  const file = readFileSync(path);
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`${path} is not a WAV file`);
  }
  let format: { channels: number; sampleRate: number; bits: number } | null = null;
  // Chunks: 4-byte id, 4-byte little-endian size, data padded to an even length.
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (file.readUInt16LE(body) !== 1) throw new Error('only PCM WAV files');
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bits: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format || format.bits !== 16) throw new Error('expected 16-bit PCM before data');
      const frames = Math.floor(Math.min(size, file.length - body) / (2 * format.channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++) {
          sum += file.readInt16LE(body + 2 * (i * format.channels + c));
        }
        samples[i] = sum / format.channels / 32_768;
      }
      return { sampleRate: format.sampleRate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error(`${path} has no data chunk`);
}

describe('the intro-30s.wav fixture', () => {
  const { sampleRate, samples } = readWavMono(FIXTURE);
  const random = (() => {
    let state = 42;
    return () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) % 20_000) + 1;
  })();
  const { frames, summary } = analyse(samples, { sampleRate }, random);

  it('is 30 s of 44.1 kHz audio, 1800 frames at 60 fps', () => {
    expect(sampleRate).toBe(44_100);
    expect(summary.durationSeconds).toBeCloseTo(30, 3);
    expect(summary.frameCount).toBe(1800);
    expect(frames).toHaveLength(1800);
  });

  it('has music in it: non-zero bands and levels, onsets, a plausible tempo or none', () => {
    const lit = frames.filter((frame) => frame.bands.some((value) => value > 0));
    expect(lit.length).toBeGreaterThan(1700);
    const busiest = frames.reduce((best, f) => (f.rms > best.rms ? f : best));
    expect(Math.max(...busiest.bands)).toBeGreaterThan(150);
    expect(summary.maxRms).toBeGreaterThan(0.05);
    expect(summary.maxRms).toBeLessThanOrEqual(1);
    expect(summary.meanRms).toBeGreaterThan(0);
    expect(summary.loudnessDb).toBeLessThan(0);
    expect(summary.loudnessDb).toBeGreaterThan(-40);
    expect(summary.onsets.length).toBeGreaterThan(10);
    if (summary.bpm !== null) {
      expect(summary.bpm).toBeGreaterThanOrEqual(40);
      expect(summary.bpm).toBeLessThanOrEqual(240);
      expect(summary.beatFrames.length).toBeGreaterThan(10);
      for (const beat of summary.beatFrames) expect(beat).toBeLessThan(1800);
    }
  });

  it('gives the same analysis pushed in one piece, and survives a file round trip', () => {
    expect(analyse(samples, { sampleRate })).toEqual({ frames, summary });
    const bytes = new Uint8Array([...encodeHeader(summary), ...encodeFrames(frames, 32)]);
    const analysis = decodeAnalysis(bytes);
    expect(analysis.frame(900)).toEqual(frames[900]);
    const { min, max } = waveformPeaks(analysis, 300);
    for (let b = 0; b < 300; b++) {
      const own = samples.subarray(b * 6 * 735, (b + 1) * 6 * 735);
      expect(max[b]).toBeCloseTo(Math.max(...own), 4);
      expect(min[b]).toBeCloseTo(Math.min(...own), 4);
    }
  });
});
