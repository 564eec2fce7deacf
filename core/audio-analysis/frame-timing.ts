// Which samples belong to which video frame, and where each frame's spectrum window sits.

/** Sample positions of one video frame, all absolute indices into the track. */
export interface FrameSpan {
  /** First sample of the frame: round(i * sampleRate / fps). */
  start: number;
  /** One past the last sample of the frame (the next frame's start). */
  end: number;
  /** First sample of the FFT window, which is centred on the frame. */
  windowStart: number;
  /** How many samples must have arrived before the frame can be computed. */
  readyAt: number;
}

/** Maps frame indices to sample spans for one sample rate, frame rate and FFT size. */
export interface FrameTiming {
  span(frame: number): FrameSpan;
  /** Number of frames needed to cover `samples` samples (frames whose start is before the end). */
  frameCount(samples: number): number;
  /** Upper bound of frame length in samples. */
  readonly maxFrameLength: number;
  /** How many past samples must stay buffered so that any frame can still be computed. */
  readonly historyLength: number;
}

/** Frame timing for a sample rate and frame rate, with FFT windows of `fftSize` points. */
export function createFrameTiming(sampleRate: number, fps: number, fftSize: number): FrameTiming {
  const samplesPerFrame = sampleRate / fps;
  // Integer multiplication before the division keeps the boundaries exact when the ratio is.
  const frameStart = (frame: number): number => Math.round((frame * sampleRate) / fps);
  const maxFrameLength = Math.ceil(samplesPerFrame) + 1;
  const halfWindow = fftSize / 2;

  return {
    span(frame) {
      const start = frameStart(frame);
      const end = frameStart(frame + 1);
      const centre = Math.floor((start + end) / 2);
      const windowStart = centre - halfWindow;
      return { start, end, windowStart, readyAt: Math.max(end, windowStart + fftSize) };
    },
    frameCount(samples) {
      if (samples <= 0) return 0;
      // Start from the estimate and correct for rounding at the boundary.
      let count = Math.max(0, Math.floor((samples * fps) / sampleRate) - 1);
      while (frameStart(count) < samples) count++;
      return count;
    },
    maxFrameLength,
    // Oldest sample still needed (the frame start or the window start, whichever is earlier)
    // to the newest one (readyAt), with one frame of slack for rounding.
    historyLength: fftSize + 2 * maxFrameLength + 2,
  };
}
