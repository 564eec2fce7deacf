import { findHook } from '../core/audio-analysis/hook-finder';
import {
  THREE_MINUTE_POP,
  analyseSong,
  synthesiseSong,
} from '../tests/unit/core/audio-analysis/song-maker';
import { medianMs, report } from './measure';

/** What the editor can spend proposing a hook when a track opens: well under a frame's wait. */
const BUDGET_MS = 50;

/**
 * findHook on a 3-minute pop song (the song the hook finder's test holds to the chorus), against
 * reading every frame of its analysis once: the level and all the bands.
 */
export async function benchHookFinder(): Promise<void> {
  const analysis = analyseSong(synthesiseSong(THREE_MINUTE_POP.sections, THREE_MINUTE_POP.bpm));
  let sum = 0;
  const baseline = await medianMs(9, async () => {
    sum = 0;
    for (let i = 0; i < analysis.frameCount; i++) {
      sum += analysis.rmsAt(i);
      const bands = analysis.bandsAt(i);
      for (let b = 0; b < bands.length; b++) sum += bands[b]!;
    }
  });
  let hook = findHook(analysis);
  const subject = await medianMs(9, async () => {
    hook = findHook(analysis);
  });
  report(
    `hook finder, ${analysis.summary.durationSeconds} s track`,
    subject,
    'reading every analysis frame once',
    baseline,
  );
  console.log(
    `  ${hook.bars} bars from ${hook.startSeconds.toFixed(2)} s; ` +
      `${subject < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget (checksum ${sum.toFixed(0)})`,
  );
}
