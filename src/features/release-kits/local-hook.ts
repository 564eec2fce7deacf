// The hook call's answer worked out on this device, from the analysis the editor already has:
// for a file of this device (the server has no copy until the kit starts) and when the server
// cannot be asked. The same core functions as the server, so the same bars and the same hook.
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { barGrid } from '../../../core/audio-analysis/bar-grid';
import { hookFade, hookFromStart, type HookSection } from '../../../core/audio-analysis/hook';
import { findHook } from '../../../core/audio-analysis/hook-finder';
import { waveformPeaks } from '../../../core/audio-analysis/waveform-peaks';
import type { KitHook, KitHookResponse } from '../../api/release-kits';

/** About as many peaks as the server sends. */
export const LOCAL_PEAK_COUNT = 600;

const kitHookOf = (section: HookSection): KitHook => ({
  start_seconds: section.startSeconds,
  end_seconds: section.endSeconds,
  bars: section.bars,
});

/** Peaks 0-1 of the whole track (the louder side of each bucket). */
export function localPeaks(analysis: Analysis, count = LOCAL_PEAK_COUNT): number[] {
  const { min, max } = waveformPeaks(analysis, count);
  return Array.from(max, (high, i) => Math.min(1, Math.max(Math.abs(high), Math.abs(min[i]!))));
}

export function localKitHook(
  analysis: Analysis,
  query: { startSeconds?: number; seconds?: number } = {},
): KitHookResponse {
  const grid = barGrid(analysis);
  const proposed = findHook(analysis, { targetSeconds: query.seconds, grid });
  const hook =
    query.startSeconds === undefined
      ? proposed
      : hookFromStart(grid, query.startSeconds, query.seconds);
  return {
    audio_uuid: '',
    duration_seconds: analysis.summary.durationSeconds,
    bpm: grid.bpm,
    bar_lines: grid.bars,
    proposed: kitHookOf(proposed),
    hook: kitHookOf(hook),
    fade_seconds: hookFade(grid).seconds,
    peaks: localPeaks(analysis),
  };
}
