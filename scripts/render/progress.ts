// How a render command tells how its work goes: one line at a time, the same for every kind.

import type { RenderProgress } from '../../server/render/engine';

export interface Progress {
  /** A line of its own: what is being made, what was written. */
  say(line: string): void;
  /** The engine's report, at most about once a second and at 100 %. */
  report(progress: RenderProgress): void;
}

/** Progress on stdout, e.g. ` 42%  100/240 frames, about 3 s left`. */
export const consoleProgress: Progress = {
  say: (line) => console.log(line),
  report: (progress) => console.log(formatProgress(progress)),
};

export function formatProgress(p: RenderProgress): string {
  const percent = Math.floor(p.fraction * 100);
  const eta = p.etaSeconds === null ? '' : `, about ${Math.ceil(p.etaSeconds)} s left`;
  return `${String(percent).padStart(3)}%  ${p.framesDone}/${p.framesTotal} frames${eta}`;
}
