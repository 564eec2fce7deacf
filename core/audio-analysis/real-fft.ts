// Radix-2 FFT of real input: one complex FFT of half the size plus a split step, so the per-frame
// spectrum costs about half of a full complex transform.

/** A reusable real FFT of one power-of-two size; holds its own tables and scratch. */
export interface RealFft {
  readonly size: number;
  /** Fills re/im (length size/2+1) with bins 0..size/2 of the DFT of input (length size). */
  transform(input: ArrayLike<number>, re: Float64Array, im: Float64Array): void;
  /** Fills power (length size/2+1) with |X[k]|² for bins 0..size/2. */
  powerSpectrum(input: ArrayLike<number>, power: Float64Array): void;
}

/** Creates a real FFT of `size` points (a power of two, at least 4). */
export function createRealFft(size: number): RealFft {
  if (!Number.isInteger(size) || size < 4 || (size & (size - 1)) !== 0) {
    throw new RangeError('FFT size must be a power of two of at least 4');
  }
  const half = size / 2;
  const bitReversed = new Uint32Array(half);
  const bits = Math.log2(half);
  for (let i = 0; i < half; i++) {
    let reversed = 0;
    for (let b = 0; b < bits; b++) reversed |= ((i >> b) & 1) << (bits - 1 - b);
    bitReversed[i] = reversed;
  }
  // Twiddles e^{-2πik/size} for k in 0..half: the half-size transform uses the even ones, the
  // split step all of them, so one table serves both.
  const cosTable = new Float64Array(half + 1);
  const sinTable = new Float64Array(half + 1);
  for (let k = 0; k <= half; k++) {
    cosTable[k] = Math.cos((2 * Math.PI * k) / size);
    sinTable[k] = -Math.sin((2 * Math.PI * k) / size);
  }
  const zRe = new Float64Array(half);
  const zIm = new Float64Array(half);

  // Packs even samples as real and odd samples as imaginary parts, then transforms in place.
  // The first two stages need no multiplications (twiddles 1 and -i) and are done as the data
  // is loaded; they are where a plain radix-2 loop spends most of its overhead.
  function halfSizeTransform(input: ArrayLike<number>): void {
    if (half < 4) {
      for (let i = 0; i < half; i++) {
        const j = bitReversed[i]!;
        zRe[j] = input[2 * i]!;
        zIm[j] = input[2 * i + 1]!;
      }
      if (half === 2) butterflyStages(2);
      return;
    }
    for (let a = 0; a < half; a += 4) {
      const i0 = bitReversed[a]!;
      const i1 = bitReversed[a + 1]!;
      const i2 = bitReversed[a + 2]!;
      const i3 = bitReversed[a + 3]!;
      const r0 = input[2 * i0]!;
      const m0 = input[2 * i0 + 1]!;
      const r1 = input[2 * i1]!;
      const m1 = input[2 * i1 + 1]!;
      const r2 = input[2 * i2]!;
      const m2 = input[2 * i2 + 1]!;
      const r3 = input[2 * i3]!;
      const m3 = input[2 * i3 + 1]!;
      // Span 2: (x0 ± x1) and (x2 ± x3).
      const s01r = r0 + r1;
      const s01i = m0 + m1;
      const d01r = r0 - r1;
      const d01i = m0 - m1;
      const s23r = r2 + r3;
      const s23i = m2 + m3;
      const d23r = r2 - r3;
      const d23i = m2 - m3;
      // Span 4: the second pair's odd term is multiplied by -i.
      zRe[a] = s01r + s23r;
      zIm[a] = s01i + s23i;
      zRe[a + 2] = s01r - s23r;
      zIm[a + 2] = s01i - s23i;
      zRe[a + 1] = d01r + d23i;
      zIm[a + 1] = d01i - d23r;
      zRe[a + 3] = d01r - d23i;
      zIm[a + 3] = d01i + d23r;
    }
    butterflyStages(8);
  }

  // Radix-2 decimation-in-time stages from `firstSpan` up to the full half size.
  function butterflyStages(firstSpan: number): void {
    for (let span = firstSpan; span <= half; span *= 2) {
      const step = size / span; // index stride into the size-point twiddle table
      const halfSpan = span / 2;
      for (let k = 0; k < halfSpan; k++) {
        const wr = cosTable[k * step]!;
        const wi = sinTable[k * step]!;
        for (let a = k; a < half; a += span) {
          const b = a + halfSpan;
          const br = zRe[b]!;
          const bi = zIm[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = zRe[a]!;
          const ai = zIm[a]!;
          zRe[b] = ar - xr;
          zIm[b] = ai - xi;
          zRe[a] = ar + xr;
          zIm[a] = ai + xi;
        }
      }
    }
  }

  // Splits the packed transform Z into the real input's spectrum:
  // X[k] = (Z[k] + conj Z[N/2-k]) / 2 + W^k (Z[k] - conj Z[N/2-k]) / 2i, with Z[N/2] = Z[0].
  function split(re: Float64Array, im: Float64Array): void {
    for (let k = 0; k <= half; k++) {
      const a = k === half ? 0 : k;
      const b = k === 0 ? 0 : half - k;
      const zr = zRe[a]!;
      const zi = zIm[a]!;
      const cr = zRe[b]!;
      const ci = -zIm[b]!;
      const evenRe = zr + cr;
      const evenIm = zi + ci;
      const oddRe = zi - ci;
      const oddIm = cr - zr;
      const wr = cosTable[k]!;
      const wi = sinTable[k]!;
      re[k] = (evenRe + oddRe * wr - oddIm * wi) / 2;
      im[k] = (evenIm + oddRe * wi + oddIm * wr) / 2;
    }
  }

  const scratchRe = new Float64Array(half + 1);
  const scratchIm = new Float64Array(half + 1);

  return {
    size,
    transform(input, re, im) {
      halfSizeTransform(input);
      split(re, im);
    },
    powerSpectrum(input, power) {
      halfSizeTransform(input);
      split(scratchRe, scratchIm);
      for (let k = 0; k <= half; k++) {
        const r = scratchRe[k]!;
        const i = scratchIm[k]!;
        power[k] = r * r + i * i;
      }
    },
  };
}
