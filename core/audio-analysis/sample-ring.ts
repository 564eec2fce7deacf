// The bounded buffer of recent samples the analyzer reads its frames and FFT windows from.

/** Largest sample magnitude kept: 60 dB over full scale, far beyond any real decoder overshoot. */
export const SAMPLE_LIMIT = 1000;

/** A fixed-capacity ring of the most recent samples of a stream, addressed by absolute index. */
export interface SampleRing {
  readonly capacity: number;
  /** Total number of samples appended so far (the absolute index of the next sample). */
  readonly total: number;
  /**
   * Appends samples[from..to). Non-finite samples are stored as 0 and the rest clamped to
   * ±SAMPLE_LIMIT, so a corrupt upload cannot turn the sums into Infinity (which JSON cannot hold).
   */
  append(samples: Float32Array, from: number, to: number): void;
  /**
   * Copies absolute samples [start, start+length) into target from targetOffset. Indices before
   * 0 or at/after `total` read as 0 (the silence before and after the track).
   */
  read(start: number, length: number, target: Float32Array, targetOffset?: number): void;
}

/** Creates a ring holding the last `capacity` samples. */
export function createSampleRing(capacity: number): SampleRing {
  const buffer = new Float32Array(capacity);
  let total = 0;
  // Write position kept separately from `total` so no modulo of a large index runs per sample.
  let writeAt = 0;

  return {
    capacity,
    get total() {
      return total;
    },
    append(samples, from, to) {
      for (let i = from; i < to; i++) {
        const value = samples[i]!;
        buffer[writeAt] = Number.isFinite(value)
          ? Math.max(-SAMPLE_LIMIT, Math.min(SAMPLE_LIMIT, value))
          : 0;
        writeAt = writeAt + 1 === capacity ? 0 : writeAt + 1;
      }
      total += to - from;
    },
    read(start, length, target, targetOffset = 0) {
      if (start < total - capacity) {
        throw new RangeError('Sample ring read before its oldest buffered sample');
      }
      const end = start + length;
      // Silence before the track, buffered samples (one or two contiguous runs), silence after.
      const from = Math.max(start, 0);
      const to = Math.min(end, total);
      target.fill(0, targetOffset, targetOffset + Math.min(length, from - start));
      if (from < to) {
        const at = from % capacity;
        const firstRun = Math.min(to - from, capacity - at);
        const out = targetOffset + (from - start);
        target.set(buffer.subarray(at, at + firstRun), out);
        if (firstRun < to - from)
          target.set(buffer.subarray(0, to - from - firstRun), out + firstRun);
      }
      const tailFrom = Math.max(from, to);
      target.fill(0, targetOffset + (tailFrom - start), targetOffset + length);
    },
  };
}
