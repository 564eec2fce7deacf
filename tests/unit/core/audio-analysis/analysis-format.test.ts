import { describe, expect, it } from 'vitest';
import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
  recordSize,
} from '../../../../core/audio-analysis/analysis-format';
import { clickTrack, analyse, sine } from './signals';

// An analysed track written the way the server does: records as frames arrive, header at the end.
function analysedFile(samples: Float32Array, bandCount = 32) {
  const { frames, summary } = analyse(samples, { bandCount });
  const parts = [encodeHeader(summary)];
  for (let i = 0; i < frames.length; i += 100) {
    parts.push(encodeFrames(frames.slice(i, i + 100), bandCount));
  }
  const bytes = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { frames, summary, bytes, headerLength: parts[0]!.length };
}

describe('analysis file format', () => {
  it('round-trips frames and summary exactly', () => {
    const samples = clickTrack(120, 10);
    samples.set(sine(300, 2, 0.7), 44_100 * 3);
    const { frames, summary, bytes } = analysedFile(samples);
    const analysis = decodeAnalysis(bytes);
    expect(analysis.summary).toEqual(summary);
    expect(analysis.frameCount).toBe(frames.length);
    frames.forEach((frame, i) => {
      expect(analysis.frame(i)).toEqual(frame);
      expect(analysis.bandsAt(i)).toEqual(frame.bands);
      expect(analysis.rmsAt(i)).toBe(frame.rms);
      expect(analysis.peakMinAt(i)).toBe(frame.peakMin);
      expect(analysis.peakMaxAt(i)).toBe(frame.peakMax);
    });
  });

  it('lays the file out as documented', () => {
    const { frames, bytes, headerLength } = analysedFile(sine(440, 1, 0.5), 16);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('WFA1');
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(4, true)).toBe(1);
    expect(view.getUint16(6, true)).toBe(recordSize(16));
    expect(recordSize(16)).toBe(24);
    expect(view.getUint32(8, true)).toBe(headerLength);
    expect(headerLength % 4).toBe(0);
    const json = String.fromCharCode(...bytes.subarray(12, headerLength));
    expect(JSON.parse(json).frameCount).toBe(60);
    expect(bytes.length).toBe(headerLength + 60 * 24);
    // Frame 30's record: rms float32, peaks int16, then the bands.
    const at = headerLength + 30 * 24;
    expect(view.getFloat32(at, true)).toBe(frames[30]!.rms);
    expect(view.getInt16(at + 6, true)).toBe(Math.round(frames[30]!.peakMax * 32_767));
    expect(Array.from(bytes.subarray(at + 8, at + 24))).toEqual(Array.from(frames[30]!.bands));
  });

  it('returns bands as views into the file, not copies', () => {
    const { bytes, headerLength } = analysedFile(sine(440, 1, 0.5));
    const bands = decodeAnalysis(bytes).bandsAt(2);
    expect(bands.buffer).toBe(bytes.buffer);
    expect(bands.byteOffset).toBe(headerLength + 2 * recordSize(32) + 8);
  });

  it('reads a file that sits at an offset inside a larger buffer', () => {
    const { frames, bytes } = analysedFile(sine(440, 0.5, 0.5));
    const larger = new Uint8Array(bytes.length + 3);
    larger.set(bytes, 3);
    const analysis = decodeAnalysis(larger.subarray(3));
    expect(analysis.frame(10)).toEqual(frames[10]);
  });

  it('keeps non-ASCII text in the summary readable', () => {
    const { summary } = analyse(new Float32Array(0));
    const withText = { ...summary, note: 'café ♫' } as typeof summary;
    const decoded = decodeAnalysis(encodeHeader(withText));
    expect((decoded.summary as typeof withText & { note: string }).note).toBe('café ♫');
  });

  it('encodes zero frames to zero bytes and concatenates', () => {
    const { frames } = analyse(sine(440, 0.2));
    expect(encodeFrames([], 32)).toHaveLength(0);
    const joined = [...encodeFrames(frames.slice(0, 3), 32), ...encodeFrames(frames.slice(3), 32)];
    expect(Array.from(encodeFrames(frames, 32))).toEqual(joined);
    expect(() => encodeFrames(frames, 16)).toThrow(/bands/);
  });

  it('rejects a wrong magic, an unknown version and truncated or padded data', () => {
    const { bytes, headerLength } = analysedFile(sine(440, 1, 0.5));
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0x58;
    expect(() => decodeAnalysis(wrongMagic)).toThrow(/Not a Waveframe analysis file/);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 9;
    expect(() => decodeAnalysis(wrongVersion)).toThrow(/Unsupported analysis format version 9/);
    expect(() => decodeAnalysis(bytes.subarray(0, 6))).toThrow(/truncated/);
    expect(() => decodeAnalysis(bytes.subarray(0, headerLength - 1))).toThrow(/truncated/);
    expect(() => decodeAnalysis(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/);
    expect(() => decodeAnalysis(new Uint8Array([...bytes, 0]))).toThrow(/corrupt/);
    expect(() => decodeAnalysis(new Uint8Array(0))).toThrow(/truncated/);
    for (const bad of [wrongMagic, bytes.subarray(0, 6)]) {
      expect(() => decodeAnalysis(bad)).toThrow(Error);
    }
  });

  it('rejects a header whose summary is not valid', () => {
    const { summary } = analyse(sine(440, 0.1));
    const broken = encodeHeader(summary);
    broken[12] = 0x21; // '!' instead of '{'
    expect(() => decodeAnalysis(broken)).toThrow(/not valid JSON/);
    const noFrames = encodeHeader({ ...summary, frameCount: -1 });
    expect(() => decodeAnalysis(noFrames)).toThrow(/frameCount/);
    const wrongEdges = encodeHeader({ ...summary, bandEdgesHz: [1, 2] });
    expect(() => decodeAnalysis(wrongEdges)).toThrow(/bandEdgesHz/);
  });

  it('refuses frame indices out of range', () => {
    const analysis = decodeAnalysis(analysedFile(sine(440, 0.5)).bytes);
    expect(() => analysis.frame(30)).toThrow(RangeError);
    expect(() => analysis.rmsAt(-1)).toThrow(RangeError);
    expect(() => analysis.bandsAt(1.5)).toThrow(RangeError);
  });
});
