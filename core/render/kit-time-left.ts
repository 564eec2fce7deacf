// A release kit's progress and time left, from its whole plan. Its parts run one after another
// or side by side as the user's render slots and the workers allow, and they differ (a 3-minute
// 16:9 video, 30 s hooks, a Canvas loop of a picture), so the rate of the part rendering now says
// little about the rest: a kit timed from it swings each time another part starts. Instead each
// part is weighed by the work it plans (estimateRenderSeconds: kind, pixels, frames, start-up),
// and the kit's own pace so far (seconds of wall clock per planned second, since its first part
// started) times the planned work left gives the time left. That pace changes slowly, because
// it is the average of all the kit did, so the time left goes down steadily.

import { estimateRenderSeconds, type RenderOutput } from './render-time';

/** One of the kit's renders as it stands. */
export interface KitPartProgress {
  /** What it renders (kind, size, frame rate) and its length in seconds. */
  output: RenderOutput;
  seconds: number;
  state: 'waiting' | 'rendering' | 'done' | 'failed';
  /** Its frames drawn, 0-1. */
  fraction: number;
  /** When its render started (ms since the epoch); null while it waits. */
  startedAt: number | null;
}

export interface KitTimeLeft {
  /** The planned work of the parts still to make or made, done so far: 0-100. */
  percent: number;
  /** Seconds until the last part is done; null until the kit's pace is known (or when done). */
  seconds: number | null;
}

/** Until the kit has rendered this long, its pace is not yet known. */
export const KIT_PACE_MIN_SECONDS = 20;
/** …nor before this share of its planned work is done. */
export const KIT_PACE_MIN_SHARE = 0.02;

/** The planned seconds of a part, and how many of them it has done. */
function plannedWork(part: KitPartProgress): { total: number; done: number } {
  const startup = estimateRenderSeconds(part.output, 0);
  const total = estimateRenderSeconds(part.output, part.seconds);
  if (part.state === 'done') return { total, done: total };
  const fraction = Math.min(1, Math.max(0, part.fraction));
  // Its start-up is behind it once it draws frames.
  const done = fraction > 0 ? startup + fraction * (total - startup) : 0;
  return { total, done };
}

/** The kit's percent and time left at `now` (ms), from its parts. */
export function kitTimeLeft(parts: readonly KitPartProgress[], now: number): KitTimeLeft {
  const work = parts.map((part) => ({ part, ...plannedWork(part) }));
  // A failed part will not be made: it leaves the percent and the time left, but the time it
  // took counts in the pace.
  const kept = work.filter(({ part }) => part.state !== 'failed');
  const total = kept.reduce((sum, w) => sum + w.total, 0);
  const keptDone = kept.reduce((sum, w) => sum + w.done, 0);
  const percent = total > 0 ? Math.min(100, (keptDone / total) * 100) : 100;
  const left = kept
    .filter(({ part }) => part.state === 'waiting' || part.state === 'rendering')
    .reduce((sum, w) => sum + (w.total - w.done), 0);
  if (!kept.some(({ part }) => part.state === 'waiting' || part.state === 'rendering'))
    return { percent, seconds: null };

  const starts = parts.flatMap((part) => (part.startedAt === null ? [] : [part.startedAt]));
  if (starts.length === 0) return { percent, seconds: null };
  const elapsed = (now - Math.min(...starts)) / 1000;
  const done = work.reduce((sum, w) => sum + w.done, 0);
  const everything = work.reduce((sum, w) => sum + w.total, 0);
  if (elapsed < KIT_PACE_MIN_SECONDS || done < KIT_PACE_MIN_SHARE * everything || done <= 0)
    return { percent, seconds: null };
  const pace = elapsed / done;
  // Parts side by side finish sooner than one after another, but never before the longest of
  // them: a part rendering is done no sooner than its own pace says.
  const longest = Math.max(
    0,
    ...work.map(({ part, total, done: partDone }) => {
      if (part.state !== 'rendering' || part.startedAt === null || partDone <= 0) return 0;
      const own = (now - part.startedAt) / 1000;
      return own < KIT_PACE_MIN_SECONDS ? 0 : ((total - partDone) * own) / partDone;
    }),
  );
  return { percent, seconds: Math.max(0, Math.round(Math.max(left * pace, longest))) };
}
