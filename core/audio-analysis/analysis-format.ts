// The stored analysis file: a header with the summary, then one fixed-size record per frame.
//
// Layout (all integers little-endian):
//   header   0  4  magic "WFA1"
//            4  2  format version (uint16) = 1
//            6  2  record size in bytes (uint16) = 8 + bandCount
//            8  4  header length in bytes (uint32), the offset of the first record; a multiple of 4
//           12  …  AnalysisSummary as ASCII JSON (other characters \u-escaped), space-padded
//   records, frameCount of them, in frame order, each:
//            0  4  rms (float32)
//            4  2  peakMin · 32767 (int16)
//            6  2  peakMax · 32767 (int16)
//            8  …  bands, bandCount bytes
// Records do not depend on the summary, so a writer appends encodeFrames() output as frames
// arrive and puts encodeHeader() in front once the track has ended.

import type { AnalysisFrame, AnalysisSummary } from './analyzer';
import { PEAK_STEPS } from './peak-quantization';

export const ANALYSIS_MAGIC = 'WFA1';
export const ANALYSIS_FORMAT_VERSION = 1;
const FIXED_HEADER_BYTES = 12;
const RECORD_PREFIX_BYTES = 8;

/** A decoded analysis file with O(1) access to any frame. */
export interface Analysis {
  summary: AnalysisSummary;
  frameCount: number;
  /** The whole file (header and records) this analysis reads from: a view, do not modify it. */
  bytes: Uint8Array;
  /** Frame i; its `bands` is a view into the file bytes (no copy): do not modify it. */
  frame(i: number): AnalysisFrame;
  /** Bands of frame i as a view into the file bytes (no copy): do not modify it. */
  bandsAt(i: number): Uint8Array;
  rmsAt(i: number): number;
  peakMinAt(i: number): number;
  peakMaxAt(i: number): number;
}

/** Bytes of one frame record for `bandCount` bands. */
export function recordSize(bandCount: number): number {
  return RECORD_PREFIX_BYTES + bandCount;
}

/** Encodes frames as body records; the outputs of successive calls concatenate. */
export function encodeFrames(frames: readonly AnalysisFrame[], bandCount: number): Uint8Array {
  const size = recordSize(bandCount);
  const bytes = new Uint8Array(frames.length * size);
  const view = new DataView(bytes.buffer);
  frames.forEach((frame, i) => {
    if (frame.bands.length !== bandCount) {
      throw new RangeError(`Frame ${i} has ${frame.bands.length} bands, expected ${bandCount}`);
    }
    const at = i * size;
    view.setFloat32(at, frame.rms, true);
    view.setInt16(at + 4, peakToInt16(frame.peakMin), true);
    view.setInt16(at + 6, peakToInt16(frame.peakMax), true);
    bytes.set(frame.bands, at + RECORD_PREFIX_BYTES);
  });
  return bytes;
}

/** Encodes the file header: magic, version, record size, header length and the JSON summary. */
export function encodeHeader(summary: AnalysisSummary): Uint8Array {
  // ASCII only, so the reader needs no UTF-8 decoder (TextDecoder is not in core's ES lib).
  const json = JSON.stringify(summary).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // Padded to a multiple of 4 so records start aligned, should a reader want typed-array views.
  const headerLength = Math.ceil((FIXED_HEADER_BYTES + json.length) / 4) * 4;
  const bytes = new Uint8Array(headerLength).fill(0x20);
  for (let i = 0; i < 4; i++) bytes[i] = ANALYSIS_MAGIC.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  view.setUint16(4, ANALYSIS_FORMAT_VERSION, true);
  view.setUint16(6, recordSize(summary.bandCount), true);
  view.setUint32(8, headerLength, true);
  for (let i = 0; i < json.length; i++) bytes[FIXED_HEADER_BYTES + i] = json.charCodeAt(i);
  return bytes;
}

/** Reads an analysis file (header + records); throws an Error saying what is wrong with it. */
export function decodeAnalysis(bytes: Uint8Array): Analysis {
  if (bytes.length < FIXED_HEADER_BYTES) {
    throw new Error(`Analysis file truncated: ${bytes.length} bytes, shorter than its header`);
  }
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== ANALYSIS_MAGIC) {
    throw new Error(`Not a Waveframe analysis file: magic is not "${ANALYSIS_MAGIC}"`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== ANALYSIS_FORMAT_VERSION) {
    throw new Error(`Unsupported analysis format version ${version}`);
  }
  const size = view.getUint16(6, true);
  const headerLength = view.getUint32(8, true);
  if (headerLength < FIXED_HEADER_BYTES || headerLength > bytes.length) {
    throw new Error(
      `Analysis file truncated: header of ${headerLength} bytes, file of ${bytes.length}`,
    );
  }
  const summary = parseSummary(bytes.subarray(FIXED_HEADER_BYTES, headerLength));
  if (size !== recordSize(summary.bandCount)) {
    throw new Error(`Analysis file corrupt: record size ${size} for ${summary.bandCount} bands`);
  }
  const bodyLength = bytes.length - headerLength;
  const expected = summary.frameCount * size;
  if (bodyLength !== expected) {
    throw new Error(
      `Analysis file ${bodyLength < expected ? 'truncated' : 'corrupt'}: ` +
        `${bodyLength} bytes of frames, expected ${expected} for ${summary.frameCount} frames`,
    );
  }

  const frameCount = summary.frameCount;
  const bandCount = summary.bandCount;
  const offset = (i: number): number => {
    if (!Number.isInteger(i) || i < 0 || i >= frameCount) {
      throw new RangeError(`Frame ${i} out of range 0..${frameCount - 1}`);
    }
    return headerLength + i * size;
  };
  const bandsAt = (i: number): Uint8Array => {
    const at = offset(i) + RECORD_PREFIX_BYTES;
    return bytes.subarray(at, at + bandCount);
  };
  const rmsAt = (i: number): number => view.getFloat32(offset(i), true);
  const peakMinAt = (i: number): number => view.getInt16(offset(i) + 4, true) / PEAK_STEPS;
  const peakMaxAt = (i: number): number => view.getInt16(offset(i) + 6, true) / PEAK_STEPS;
  return {
    summary,
    frameCount,
    bytes,
    frame: (i) => ({
      bands: bandsAt(i),
      rms: rmsAt(i),
      peakMin: peakMinAt(i),
      peakMax: peakMaxAt(i),
    }),
    bandsAt,
    rmsAt,
    peakMinAt,
    peakMaxAt,
  };
}

// Same rounding as quantizePeak, so analyzer output survives the round trip unchanged.
function peakToInt16(peak: number): number {
  return Math.round(Math.max(-1, Math.min(1, peak)) * PEAK_STEPS);
}

function parseSummary(json: Uint8Array): AnalysisSummary {
  let text = '';
  // Chunked so fromCharCode's argument list stays small for the multi-megabyte headers of
  // long tracks (their onset and beat lists).
  for (let i = 0; i < json.length; i += 8192) {
    text += String.fromCharCode(...json.subarray(i, i + 8192));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('Analysis file corrupt: the summary is not valid JSON');
  }
  return validateSummary(value);
}

function validateSummary(value: unknown): AnalysisSummary {
  const fail = (what: string): never => {
    throw new Error(`Analysis file corrupt: summary ${what}`);
  };
  if (typeof value !== 'object' || value === null) return fail('is not an object');
  const s = value as Record<string, unknown>;
  const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
  for (const key of ['sampleRate', 'fps', 'durationSeconds', 'maxRms', 'meanRms', 'loudnessDb']) {
    if (!isNumber(s[key])) fail(`field ${key} is not a number`);
  }
  if (!isCount(s.frameCount)) fail('field frameCount is not a count');
  if (!isCount(s.bandCount) || (s.bandCount as number) < 1) fail('field bandCount is not a count');
  if (
    !Array.isArray(s.bandEdgesHz) ||
    s.bandEdgesHz.length !== (s.bandCount as number) + 1 ||
    !s.bandEdgesHz.every(isNumber)
  ) {
    fail('field bandEdgesHz is not bandCount + 1 numbers');
  }
  if (s.bpm !== null && !isNumber(s.bpm)) fail('field bpm is not a number or null');
  if (!Array.isArray(s.beatFrames) || !s.beatFrames.every(isCount)) {
    fail('field beatFrames is not a list of frames');
  }
  if (
    !Array.isArray(s.onsets) ||
    !s.onsets.every(
      (o: unknown) =>
        typeof o === 'object' &&
        o !== null &&
        isCount((o as Record<string, unknown>).frame) &&
        isNumber((o as Record<string, unknown>).strength),
    )
  ) {
    fail('field onsets is not a list of {frame, strength}');
  }
  return s as unknown as AnalysisSummary;
}
