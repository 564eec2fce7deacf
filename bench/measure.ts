import { resolveBinaries } from '../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../server/repositories/ffmpeg/ffmpeg';
/** Runs fn `runs` times after one warm-up and returns the median wall time in milliseconds. */
export async function medianMs(runs: number, fn: () => Promise<void>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** One line of the report: what was measured, both medians and their ratio. */
export function report(
  name: string,
  subjectMs: number,
  baselineName: string,
  baselineMs: number,
): void {
  const ratio = subjectMs / baselineMs;
  console.log(
    `${name.padEnd(44)} ${subjectMs.toFixed(1).padStart(9)} ms   ${baselineName.padEnd(34)} ${baselineMs.toFixed(1).padStart(9)} ms   ratio ${ratio.toFixed(2)}`,
  );
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The ffmpeg the product uses (FFMPEG_PATH or the npm package's). */
export async function benchFfmpeg(): Promise<Ffmpeg> {
  return new Ffmpeg(
    await resolveBinaries({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    }),
  );
}
