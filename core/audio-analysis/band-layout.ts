// Log-spaced frequency bands over an FFT power spectrum, and their dB-to-byte scale.

/** Lowest band edge in Hz: below it there is rumble rather than music. */
export const LOWEST_BAND_HZ = 30;
/** Highest band edge in Hz (or the Nyquist frequency, if lower). */
export const HIGHEST_BAND_HZ = 16_000;
/** Band level stored as 0: anything quieter is treated as silence. */
export const BAND_FLOOR_DB = -80;

/** Where each band takes its power from: a weighted run of FFT bins. */
export interface BandLayout {
  /** bandCount + 1 edges in Hz, ascending. */
  edgesHz: number[];
  /**
   * Writes one byte per band into `target`: band power in dB relative to a full-scale sine,
   * mapped linearly from BAND_FLOOR_DB..0 dB to 0..255 (clamped). Writes into a caller's array
   * so the per-frame path allocates nothing.
   */
  bandBytes(power: Float64Array, target: Uint8Array): void;
}

/**
 * Band layout for `bandCount` log-spaced bands from LOWEST_BAND_HZ to HIGHEST_BAND_HZ over the
 * spectrum of a `fftSize`-point Hann-windowed FFT at `sampleRate`.
 */
export function createBandLayout(
  sampleRate: number,
  fftSize: number,
  bandCount: number,
): BandLayout {
  const high = Math.min(HIGHEST_BAND_HZ, sampleRate / 2);
  const low = Math.min(LOWEST_BAND_HZ, high / 2);
  const edgesHz: number[] = [];
  for (let b = 0; b <= bandCount; b++) edgesHz.push(low * (high / low) ** (b / bandCount));

  // Each bin k stands for the frequencies [k - 1/2, k + 1/2) * binHz; a band takes each bin's
  // power in proportion to the overlap. Low bands narrower than a bin (30-36 Hz is narrower than
  // the 21.5 Hz bins of a 2048-point FFT at 44.1 kHz) thus still get a share of the bins around
  // them instead of reading zero.
  const binHz = sampleRate / fftSize;
  const lastBin = fftSize / 2;
  const firstBins = new Int32Array(bandCount);
  const binCounts = new Int32Array(bandCount);
  const weightRuns: number[] = [];
  for (let b = 0; b < bandCount; b++) {
    const from = edgesHz[b]! / binHz;
    const to = edgesHz[b + 1]! / binHz;
    const first = Math.max(0, Math.floor(from + 0.5));
    const last = Math.min(lastBin, Math.ceil(to + 0.5) - 1);
    firstBins[b] = first;
    binCounts[b] = last - first + 1;
    for (let k = first; k <= last; k++) {
      weightRuns.push(Math.max(0, Math.min(to, k + 0.5) - Math.max(from, k - 0.5)));
    }
  }
  const weights = Float64Array.from(weightRuns);

  // A sine of amplitude A under a periodic Hann window of N points puts A² · 3N²/32 of power
  // into the one-sided spectrum (Parseval), so this scale reads a full-scale sine as 0 dB,
  // the AES17 meaning of dBFS.
  const powerScale = 32 / (3 * fftSize * fftSize);
  const bytePerDb = 255 / -BAND_FLOOR_DB;

  // Each band's power, scaled so a full-scale sine within one band reads 1.
  const bandPowers = (power: Float64Array, target: Float64Array): void => {
    let w = 0;
    for (let b = 0; b < bandCount; b++) {
      const first = firstBins[b]!;
      const count = binCounts[b]!;
      let sum = 0;
      for (let j = 0; j < count; j++) sum += power[first + j]! * weights[w + j]!;
      w += count;
      target[b] = sum * powerScale;
    }
  };
  const levels = new Float64Array(bandCount);

  return {
    edgesHz,
    bandBytes(power, target) {
      bandPowers(power, levels);
      for (let b = 0; b < bandCount; b++) {
        const level = levels[b]!;
        if (level <= 0) {
          target[b] = 0;
          continue;
        }
        const byte = Math.round((10 * Math.log10(level) - BAND_FLOOR_DB) * bytePerDb);
        target[b] = byte < 0 ? 0 : byte > 255 ? 255 : byte;
      }
    },
  };
}
