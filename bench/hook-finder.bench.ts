import { findHook } from '../core/audio-analysis/hook-finder';
import {
  CHORUS,
  INTRO,
  OUTRO,
  VERSE,
  analyseSong,
  section,
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
  const analysis = analyseSong(
    synthesiseSong(
      [
        section('intro', 8, INTRO),
        section('verse', 16, VERSE),
        section('chorus', 16, CHORUS, true),
        section('verse', 16, VERSE),
        section('chorus', 16, CHORUS, true),
        section('outro', 18, OUTRO),
      ],
      120,
    ),
  );
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
