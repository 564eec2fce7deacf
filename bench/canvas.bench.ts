// A Spotify Canvas render at 1080x1920 (the whole engine: checks, the frame thread drawing every
// frame of the slow-zoom template over a 4096 px picture, yuv420p frames into x264) against
// ffmpeg encoding as many frames of its own RGBA test source with the same x264 settings, in
// alternating runs (issue 10: "report it").
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findTemplate, defaultSettings } from '../core/render/renderer';
import { renderVideo } from '../server/render/engine';
import { containerArgs, videoCodecArgs } from '../server/repositories/ffmpeg/encode-args';
import { benchFfmpeg, median, report } from './measure';

const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures');
const RUNS = Number(process.env.CANVAS_BENCH_RUNS ?? 3);

export async function benchCanvas(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  const dir = path.join(os.tmpdir(), `waveframe-bench-canvas-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    const image = path.join(dir, 'wood-4096.jpg');
    await ffmpeg.run(['-i', path.join(FIXTURES, 'images/wood-4096.webp'), '-q:v', '3', image]);
    const settings = defaultSettings(findTemplate('canvas', 'slow-zoom')!);
    settings.loop = { frames: 180, beats: 12, sectionStart: 0, energy: 0.7, bpm: 120 };
    const out = path.join(dir, 'out.mp4');
    const encodeOnly = [
      ...['-f', 'lavfi', '-i', `testsrc2=size=1080x1920:rate=30,format=rgba`],
      ...['-frames:v', '180', ...videoCodecArgs(), ...containerArgs(), out],
    ];
    const baseline: number[] = [];
    const subject: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      let started = performance.now();
      await ffmpeg.run(encodeOnly, { frameEncoder: true });
      const b = performance.now() - started;
      started = performance.now();
      await renderVideo(
        {
          settings,
          audioPath: '',
          durationSeconds: 6,
          analysis: null,
          imagePaths: { album_art: image },
        },
        out,
        { ffmpeg, tmpDir: dir },
      );
      const s = performance.now() - started;
      if (i > 0) {
        baseline.push(b);
        subject.push(s);
      }
    }
    report(
      'Canvas slow-zoom 1080x1920, 6 s (180 frames)',
      median(subject),
      'ffmpeg encoding 180 RGBA frames',
      median(baseline),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
