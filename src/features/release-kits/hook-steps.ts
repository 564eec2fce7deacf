// Moving a kit's hook by whole bars on the bar lines the hook call gave, and saying where it is.
// The server snaps whatever start it is sent to the nearest bar line, so moving here needs no call.
import type { KitHook } from '../../api/release-kits';
import { formatDuration } from '../../lib/format';

/** Index of the bar line nearest `seconds` (0 for an empty list). */
export function nearestBarLine(barLines: readonly number[], seconds: number): number {
  let best = 0;
  for (let i = 1; i < barLines.length; i++) {
    if (Math.abs(barLines[i]! - seconds) < Math.abs(barLines[best]! - seconds)) best = i;
  }
  return best;
}

/** The bar-line index range where a hook of `bars` bars may start (both ends included). */
function startRange(barLines: readonly number[], bars: number): { first: number; last: number } {
  return { first: 0, last: Math.max(0, barLines.length - 1 - bars) };
}

/**
 * The same number of bars, `byBars` bar lines earlier (negative) or later, stopped at the
 * track's ends; the hook as it is when it cannot move (no bar lines, or no whole bar).
 */
export function stepHook(barLines: readonly number[], hook: KitHook, byBars: number): KitHook {
  if (hook.bars < 1 || barLines.length < hook.bars + 1) return hook;
  const { first, last } = startRange(barLines, hook.bars);
  const from = nearestBarLine(barLines, hook.start_seconds);
  const to = Math.min(last, Math.max(first, from + Math.trunc(byBars)));
  if (to === from) return hook;
  return { start_seconds: barLines[to]!, end_seconds: barLines[to + hook.bars]!, bars: hook.bars };
}

/** Whether the hook can move one bar that way (-1 earlier, 1 later). */
export function canStep(barLines: readonly number[], hook: KitHook, direction: -1 | 1): boolean {
  return stepHook(barLines, hook, direction) !== hook;
}

/** Whether two hooks cover the same seconds (within a millisecond). */
export function sameHook(a: KitHook, b: KitHook): boolean {
  return (
    Math.abs(a.start_seconds - b.start_seconds) < 1e-3 &&
    Math.abs(a.end_seconds - b.end_seconds) < 1e-3
  );
}

/** "1:04–1:34 · 16 bars": where the hook is and how long, in whole bars. */
export function hookRangeText(hook: KitHook): string {
  const bars = `${hook.bars} ${hook.bars === 1 ? 'bar' : 'bars'}`;
  return `${formatDuration(hook.start_seconds)}–${formatDuration(hook.end_seconds)} · ${bars}`;
}

/** The hook's length as people say it: "30 s" (one decimal when it is not whole). */
export function hookLengthText(hook: KitHook): string {
  const seconds = hook.end_seconds - hook.start_seconds;
  const rounded = Math.round(seconds * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} s`;
}
