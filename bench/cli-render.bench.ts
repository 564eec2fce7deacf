// The whole command-line render, as users run it, against ffmpeg encoding as many frames of its
// own RGBA test source with the product's x264 settings, measured in this same run (issue:
// "Visualizer speed"). A 45 s AAC track and a 4096 px JPEG background at 1920x1080, 30 fps;
// then an 8 s track, where the command's start-up counts the most.
// The ratio is encode-only time / whole-CLI time (goal >= 0.8). `npm run bench -- cli` runs it
// alone. Runs alternate, baseline first, CLI_BENCH_RUNS (default 2) pairs; medians and ranges
// are printed, with CPU user/sys of each (children's times from /proc: the render's Node
// process and its ffmpeg alike), and the CPU ratio, steadier on a busy machine.
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { videoFrameCount } from '../core/render/scene';
import { containerArgs, videoCodecArgs } from '../server/repositories/ffmpeg/encode-args';
import { benchFfmpeg, median } from './measure';
import { NPM, runTimed as run, type Run } from './timed-command';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.resolve(ROOT, '../shared/fixtures');
const SECONDS = 45;
const SHORT_SECONDS = 8;
const FPS = 30;
const TEMPLATE = 'mirrored-bars';

const range = (values: number[]) =>
  `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;

export async function benchCliRender(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  // The encoder the CLI's frame thread runs (binaries.ts), so both sides encode with the same build.
  const status = await ffmpeg.status();
  const binary = (status.frameEncoder.path ?? status.ffmpeg.path)!;
  const dir = path.join(os.tmpdir(), `waveframe-bench-cli-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    // The CLI builds its bundle at the first run after a change of the sources: build it now,
    // so the runs measure the command as people run it every other time.
    await run(NPM, ['run', '--silent', 'render', '--', 'templates']);
    const image = path.join(dir, 'wood-4096.jpg');
    await ffmpeg.run(['-i', path.join(FIXTURES, 'images/wood-4096.webp'), '-q:v', '3', image]);
    // The case, then a short track: there the command's start-up weighs the most.
    for (const seconds of [SECONDS, SHORT_SECONDS]) {
      const track = path.join(dir, `track-${seconds}s.m4a`);
      await ffmpeg.run([
        ...['-i', path.join(FIXTURES, 'audio/introzik-full.ogg'), '-t', String(seconds)],
        ...['-map', '0:a:0', '-c:a', 'aac', '-b:a', '192k', track],
      ]);
      const probe = await ffmpeg.probe(track);
      const frames = videoFrameCount(Number(probe.format.duration), FPS);
      await compare(binary, dir, { seconds, frames, track, image });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Alternating runs of the encode-only baseline and the whole CLI for one track; prints both. */
async function compare(
  binary: string,
  dir: string,
  c: { seconds: number; frames: number; track: string; image: string },
): Promise<void> {
  const { frames } = c;
  const out = path.join(dir, 'out.mp4');
  const cli = [
    ...['run', '--silent', 'render', '--', 'visualizer', '--template', TEMPLATE],
    ...['--audio', c.track, '--image', c.image, '--out', out],
  ];
  const encodeOnly = [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS},format=rgba`],
    ...['-frames:v', String(frames), ...videoCodecArgs(), ...containerArgs(), out],
  ];
  const pairs = Number(process.env.CLI_BENCH_RUNS ?? 2);
  const baseline: Run[] = [];
  const subject: Run[] = [];
  const show = (name: string, r: Run) =>
    console.log(
      `    ${name}: ${r.seconds.toFixed(1)} s, user ${r.user.toFixed(1)} s, sys ${r.sys.toFixed(1)} s`,
    );
  for (let i = 0; i < pairs; i++) {
    baseline.push(await run(binary, encodeOnly));
    show('encode only', baseline.at(-1)!);
    subject.push(await run(NPM, cli));
    show(
      `whole CLI (ratio ${(baseline[i]!.seconds / subject[i]!.seconds).toFixed(2)})`,
      subject.at(-1)!,
    );
  }
  const line = (name: string, runs: Run[]) => {
    const seconds = runs.map((r) => r.seconds);
    console.log(
      `${name.padEnd(44)} ${median(seconds).toFixed(1).padStart(6)} s (${range(seconds)}), ` +
        `${(frames / median(seconds)).toFixed(1)} fps, CPU user ${median(runs.map((r) => r.user)).toFixed(1)} s ` +
        `sys ${median(runs.map((r) => r.sys)).toFixed(1)} s`,
    );
  };
  console.log(
    `CLI visualizer ${TEMPLATE} 1920x1080@${FPS}, ${c.seconds} s AAC + 4096 px JPEG (${frames} frames):`,
  );
  line('  whole `npm run render` command', subject);
  line('  ffmpeg testsrc2 RGBA, product x264 args', baseline);
  const ratios = subject.map((s, i) => baseline[i]!.seconds / s.seconds);
  console.log(
    `${'  rate vs encode-only'.padEnd(44)} ${(median(baseline.map((r) => r.seconds)) / median(subject.map((r) => r.seconds))).toFixed(2)} ` +
      `(pairs ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal >= 0.8)`,
  );
  // CPU time hardly depends on what else the busy machine runs: the rate ratio tends to it.
  const cpu = (runs: Run[]) => median(runs.map((r) => r.user + r.sys));
  console.log(
    `${'  CPU ratio (encode-only CPU / whole-CLI CPU)'.padEnd(44)} ${(cpu(baseline) / cpu(subject)).toFixed(2)}`,
  );
}
