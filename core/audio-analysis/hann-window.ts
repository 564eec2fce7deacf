// The analysis window of the per-frame spectrum.

/**
 * Periodic Hann window of `size` points, 1 at index size/2. Periodic rather than symmetric
 * because the window is used for spectral analysis, where it keeps the bins exactly periodic.
 */
export function hannWindow(size: number): Float64Array {
  const window = new Float64Array(size);
  for (let n = 0; n < size; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size);
  return window;
}
