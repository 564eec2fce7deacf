// Onset picking on the spectral-flux series: local maxima above an adaptive threshold.

import { createFloatList, type FloatList } from './float-list';

/** A detected onset: its frame and its spectral flux (unnormalised). */
export interface RawOnset {
  frame: number;
  flux: number;
}

/** Streaming onset picker; decides each frame a fixed number of frames after receiving it. */
export interface OnsetDetector {
  /** Feeds the flux of the next frame. */
  push(flux: number): void;
  /** Decides the frames still waiting for look-ahead, with the window cut at the last frame. */
  finish(): void;
  /** Onsets decided so far, in frame order. */
  readonly onsets: readonly RawOnset[];
  /**
   * Onset-strength envelope for tempo: per frame, how far the flux rises above its local mean
   * (0 when below). One float per frame, so it grows with the track: 4 bytes per frame, 2.6 MB
   * for 3 hours at 60 fps. Tempo and beats need the whole track, and this is the smallest
   * series that carries them.
   */
  readonly envelope: FloatList;
  /** Frames of flux kept for the adaptive threshold (bounded, independent of track length). */
  readonly historyLength: number;
  /** Frames between receiving a frame's flux and deciding whether it is an onset. */
  readonly delayFrames: number;
}

// Window lengths in seconds (after Böck, Krebs & Schedl 2012, "Evaluating the online
// capabilities of onset detection methods"), converted to frames at the analysis frame rate.
const PRE_AVERAGE_SECONDS = 0.1;
const POST_AVERAGE_SECONDS = 0.07;
const PRE_MAX_SECONDS = 0.03;
const POST_MAX_SECONDS = 0.03;
const MIN_GAP_SECONDS = 0.05;
/** An onset's flux must exceed its local mean by this factor... */
const THRESHOLD_RATIO = 1.5;
/** ...plus this much, so numerical noise in near silence never counts as onsets. */
const THRESHOLD_FLOOR = 1e-3;

/** Creates an onset picker for a series at `fps` frames per second. */
export function createOnsetDetector(fps: number): OnsetDetector {
  const frames = (seconds: number): number => Math.max(1, Math.round(seconds * fps));
  const preAverage = frames(PRE_AVERAGE_SECONDS);
  const postAverage = frames(POST_AVERAGE_SECONDS);
  const preMax = frames(PRE_MAX_SECONDS);
  const postMax = frames(POST_MAX_SECONDS);
  const minGap = frames(MIN_GAP_SECONDS);
  const delayFrames = Math.max(postAverage, postMax);
  const historyLength = Math.max(preAverage, preMax) + delayFrames + 1;

  const history = new Float64Array(historyLength);
  const onsets: RawOnset[] = [];
  const envelope = createFloatList();
  let received = 0;
  let lastOnset = -Infinity;

  const fluxAt = (frame: number): number => history[frame % historyLength]!;

  // Decides frame `frame` using the flux of frames up to `lastFrame`.
  function decide(frame: number, lastFrame: number): void {
    const value = fluxAt(frame);
    let isPeak = value > 0;
    // Earlier equal values win, so a flat top yields one onset at its first frame.
    for (let m = Math.max(0, frame - preMax); isPeak && m < frame; m++) {
      if (fluxAt(m) >= value) isPeak = false;
    }
    for (let m = frame + 1; isPeak && m <= Math.min(lastFrame, frame + postMax); m++) {
      if (fluxAt(m) > value) isPeak = false;
    }
    const from = Math.max(0, frame - preAverage);
    const to = Math.min(lastFrame, frame + postAverage);
    let sum = 0;
    for (let m = from; m <= to; m++) sum += fluxAt(m);
    const mean = sum / (to - from + 1);
    envelope.push(Math.max(0, value - mean));
    if (
      isPeak &&
      value >= mean * THRESHOLD_RATIO + THRESHOLD_FLOOR &&
      frame - lastOnset >= minGap
    ) {
      onsets.push({ frame, flux: value });
      lastOnset = frame;
    }
  }

  return {
    push(flux) {
      history[received % historyLength] = flux;
      received++;
      const frame = received - 1 - delayFrames;
      if (frame >= 0) decide(frame, received - 1);
    },
    finish() {
      for (let frame = Math.max(0, received - delayFrames); frame < received; frame++) {
        decide(frame, received - 1);
      }
    },
    onsets,
    envelope,
    historyLength,
    delayFrames,
  };
}
