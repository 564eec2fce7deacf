// The hook search in a thread of its own (hook-search.ts keeps a few, each bounded in time and
// memory, and sends each one search at a time): it reads the track's analysis from shared memory, lays out its bars, marks
// them once and finds the best start for every hook length a clip may have (15-60 s), so one
// search answers every length the user may then ask for. Nothing here touches the API's event
// loop: a 3-hour track's search takes a second or more, which there would stall every request.

import { parentPort, workerData } from 'node:worker_threads';
import { decodeAnalysis, type Analysis } from '../../../core/audio-analysis/analysis-format';
import { barGrid, type BarGrid } from '../../../core/audio-analysis/bar-grid';
import {
  HOOK_MAX_SECONDS,
  HOOK_MIN_SECONDS,
  hookFade,
  hookLengthBars,
} from '../../../core/audio-analysis/hook';
import { hookFinder } from '../../../core/audio-analysis/hook-finder';
import { lowerThisThreadPriority } from '../../render/thread-priority';

export interface HookSearchWork {
  /** The analysis file, in shared memory (no copy). */
  analysis: Uint8Array;
  /** How many waveform peaks to answer. */
  peakCount: number;
}

/** What one search finds: everything the hook call answers, for any length. */
export interface HookSearchResult {
  grid: BarGrid;
  /** The first bar of the best hook of each length in whole bars (hookLengthBars of 15-60 s). */
  starts: Record<number, number>;
  peaks: number[];
  fadeSeconds: number;
  durationSeconds: number;
  bpm: number | null;
}

export type HookSearchMessage =
  | { type: 'done'; result: HookSearchResult }
  | { type: 'failed'; kind: 'analysis' | 'other'; message: string };

/** The search itself (exported for the bench and tests; the thread runs it on its work). */
export function searchHooks(analysis: Analysis, peakCount: number): HookSearchResult {
  const grid = barGrid(analysis);
  const finder = hookFinder(analysis, grid);
  // Every whole number of bars from the shortest clip's to the longest's: any length asked for
  // (hookLengthBars of 15-60 s, fractions too) is one of them.
  const starts: Record<number, number> = {};
  const shortest = hookLengthBars(grid, HOOK_MIN_SECONDS);
  for (let bars = shortest; bars <= hookLengthBars(grid, HOOK_MAX_SECONDS); bars++)
    starts[bars] = finder.bestStart(bars);
  return {
    grid,
    starts,
    peaks: peaksOf(analysis, peakCount),
    fadeSeconds: hookFade(grid).seconds,
    durationSeconds: analysis.summary.durationSeconds,
    bpm: analysis.summary.bpm,
  };
}

/** The loudest sample of each of `count` equal stretches of the track, 0-1. */
function peaksOf(analysis: Analysis, count: number): number[] {
  const frames = analysis.frameCount;
  const buckets = Math.min(count, frames);
  const peaks: number[] = [];
  for (let b = 0; b < buckets; b++) {
    let peak = 0;
    const end = Math.floor(((b + 1) * frames) / buckets);
    for (let i = Math.floor((b * frames) / buckets); i < end; i++) {
      peak = Math.max(peak, Math.abs(analysis.peakMinAt(i)), Math.abs(analysis.peakMaxAt(i)));
    }
    peaks.push(Math.round(Math.min(1, peak) * 1000) / 1000);
  }
  return peaks;
}

function run(work: HookSearchWork): HookSearchMessage {
  let analysis: Analysis;
  try {
    analysis = decodeAnalysis(work.analysis);
  } catch (error) {
    return { type: 'failed', kind: 'analysis', message: (error as Error).message };
  }
  try {
    return { type: 'done', result: searchHooks(analysis, work.peakCount) };
  } catch (error) {
    return { type: 'failed', kind: 'other', message: (error as Error).message };
  }
}

// Run as a search thread (imported anywhere else, the module only exports searchHooks): one
// search per message, answered in turn.
if (parentPort && (workerData as { hookSearch?: boolean } | undefined)?.hookSearch) {
  lowerThisThreadPriority();
  const port = parentPort;
  port.on('message', (work: HookSearchWork) => port.postMessage(run(work)));
}
