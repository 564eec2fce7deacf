// A particle render at 1920x1080, 30 fps (the whole engine: checks, the frame thread running
// tsParticles' engine step by step with 3000 particles of the snow preset and compositing them
// over the background, yuv420p frames into x264) against ffmpeg encoding as many frames of its
// own RGBA test source with the same x264 settings, in alternating runs.
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setParticleCount } from '../core/particles/design-edit';
import { presetDesign } from '../core/particles/presets';
import { defaultSettings, findTemplate } from '../core/render/renderer';
import { PARTICLE_TEMPLATE_NAME } from '../core/render/templates/particles/particle-system';
import { renderVideo } from '../server/render/engine';
import { containerArgs, videoCodecArgs } from '../server/repositories/ffmpeg/encode-args';
import { benchFfmpeg, median, report } from './measure';

const RUNS = Number(process.env.PARTICLES_BENCH_RUNS ?? 3);
const SECONDS = 4;
const PARTICLES = 3000;

export async function benchParticles(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  const dir = path.join(os.tmpdir(), `waveframe-bench-particles-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    const settings = {
      ...defaultSettings(findTemplate('particles', PARTICLE_TEMPLATE_NAME)!, '16:9'),
      particles: setParticleCount(presetDesign('snow'), PARTICLES),
    };
    const frames = SECONDS * settings.fps;
    const out = path.join(dir, 'out.mp4');
    const encodeOnly = [
      ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30,format=rgba`],
      ...['-frames:v', String(frames), ...videoCodecArgs(), ...containerArgs(), out],
    ];
    const baseline: number[] = [];
    const subject: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      let started = performance.now();
      await ffmpeg.run(encodeOnly);
      const b = performance.now() - started;
      started = performance.now();
      await renderVideo(
        { settings, audioPath: '', durationSeconds: SECONDS, analysis: null, imagePaths: {} },
        out,
        { ffmpeg, tmpDir: dir },
      );
      const s = performance.now() - started;
      if (i > 0) {
        baseline.push(b);
        subject.push(s);
      }
    }
    const rendered = median(subject);
    report(
      `particles (snow, ${PARTICLES}) 1920x1080@30, ${SECONDS} s (${frames} frames; ${((SECONDS * 1000) / rendered).toFixed(2)}x real time)`,
      rendered,
      `ffmpeg encoding ${frames} RGBA frames`,
      median(baseline),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
