// Loop extension against the best a plain tool does: ffmpeg's own `-stream_loop` stream copy of
// the same clip to the same length (issue 10: at most 1.5x). A 6 s 720x1280 H.264 clip made here,
// extended to 10 minutes, runs alternating; as a phone records it (no B-frames) and as x264 writes
// by default (B-frames), both copied; and, for the record, the B-frame clip to 10:03, which cuts
// inside the clip and so is encoded once without B-frames, then copied.
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extendLoop } from '../server/render/loop-extend';
import { benchFfmpeg, median, report } from './measure';

const CLIP_SECONDS = 6;
const RUNS = Number(process.env.LOOP_BENCH_RUNS ?? 3);

export async function benchLoopExtend(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  const dir = path.join(os.tmpdir(), `waveframe-bench-loop-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
    for (const [name, extra, target] of [
      ['6 s 720x1280 to 10 min, phone-like clip (copied)', ['-bf', '0'], 600],
      ['6 s 720x1280 to 10 min, x264 default clip (B-frames, copied)', [], 600],
      ['6 s 720x1280 to 10:03, x264 default clip (B-frames: encoded once)', [], 603],
    ] as const) {
      const clip = path.join(dir, 'clip.mp4');
      await ffmpeg.run([
        ...['-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30`, '-t', String(CLIP_SECONDS)],
        ...h264,
        ...extra,
        clip,
      ]);
      const out = path.join(dir, 'out.mp4');
      const plain = [
        ...['-stream_loop', String(Math.ceil(target / CLIP_SECONDS) - 1), '-i', clip],
        ...['-t', String(target), '-c', 'copy', '-movflags', '+faststart', out],
      ];
      const baseline: number[] = [];
      const subject: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        let started = performance.now();
        await ffmpeg.run(plain);
        const b = performance.now() - started;
        await rm(out, { force: true });
        started = performance.now();
        await extendLoop({ clipPath: clip, targetSeconds: target }, out, {
          ffmpeg,
          tmpDir: dir,
        });
        const s = performance.now() - started;
        await rm(out, { force: true });
        // The first pair warms the page cache and the binaries.
        if (i > 0) {
          baseline.push(b);
          subject.push(s);
        }
      }
      report(
        `loop extension, ${name}`,
        median(subject),
        'ffmpeg -stream_loop stream copy',
        median(baseline),
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
