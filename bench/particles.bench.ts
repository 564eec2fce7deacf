// Particle renders at 1920x1080, 30 fps (the whole engine: checks, the frame thread running
// tsParticles' engine step by step, with 3000 particles of the snow preset or a design imported
// from tsParticles' site, drawing them over the background, yuv420p frames into x264), against
// baselines with the same x264 settings, in alternating runs:
// - ffmpeg encoding as many frames of its own RGBA test source (what the issue names);
// - ffmpeg encoding the very frames the render drew, read from a raw file: thousands of small
//   moving dots cost x264 about twice what the test source does, so this is the floor a render
//   of this design can reach with these settings.
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setParticleCount } from '../core/particles/design-edit';
import type { ParticleDesign } from '../core/particles/design';
import { presetDesign } from '../core/particles/presets';
import { defaultSettings, findTemplate } from '../core/render/renderer';
import { PARTICLE_TEMPLATE_NAME } from '../core/render/templates/particles/particle-system';
import { renderVideo } from '../server/render/engine';
import {
  containerArgs,
  rawFrameInputArgs,
  videoCodecArgs,
} from '../server/repositories/ffmpeg/encode-args';
import { IMPORTED_DESIGNS } from '../tests/support/imported-designs';
import { benchFfmpeg, median, report } from './measure';

const RUNS = Number(process.env.PARTICLES_BENCH_RUNS ?? 2);
/** Long enough that starting the frame thread and the engine weighs as in a short track. */
const SECONDS = Number(process.env.PARTICLES_BENCH_SECONDS ?? 12);
const PARTICLES = 3000;

/**
 * Our snow preset at 3000 particles, then designs as users import them from tsParticles' site
 * (tests/support/imported-designs.ts); PARTICLES_BENCH_DESIGNS=snow,confetti picks some.
 */
const DESIGNS: Record<string, { label: string; design: ParticleDesign }> = {
  snow: {
    label: `snow preset, ${PARTICLES}`,
    design: setParticleCount(presetDesign('snow'), PARTICLES),
  },
  ...Object.fromEntries(
    Object.entries(IMPORTED_DESIGNS).map(([name, design]) => [
      name,
      { label: `imported ${name}`, design },
    ]),
  ),
};
const WANTED = (process.env.PARTICLES_BENCH_DESIGNS ?? Object.keys(DESIGNS).join(',')).split(',');

export async function benchParticles(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  const dir = path.join(os.tmpdir(), `waveframe-bench-particles-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    for (const name of WANTED) {
      const chosen = DESIGNS[name];
      if (!chosen)
        throw new Error(`No particle design ${name} (${Object.keys(DESIGNS).join(', ')})`);
      await benchDesign(ffmpeg, dir, chosen.label, chosen.design, name === 'snow');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchDesign(
  ffmpeg: Awaited<ReturnType<typeof benchFfmpeg>>,
  dir: string,
  label: string,
  design: ParticleDesign,
  withTestSource: boolean,
): Promise<void> {
  const settings = {
    ...defaultSettings(findTemplate('particles', PARTICLE_TEMPLATE_NAME)!, '16:9'),
    particles: design,
  };
  const { width, height, fps } = settings;
  const frames = SECONDS * fps;
  const out = path.join(dir, 'out.mp4');
  const raw = path.join(dir, 'frames.yuv');
  const encode = (input: string[]) => [
    ...input,
    ...['-frames:v', String(frames), ...videoCodecArgs('dense-motion'), ...containerArgs()],
    path.join(dir, 'baseline.mp4'),
  ];
  const testSource = encode([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps},format=rgba`,
  ]);
  const ownFrames = encode(
    rawFrameInputArgs(width, height, fps, 'yuv420p').map((arg) => (arg === 'pipe:0' ? raw : arg)),
  );
  const render = () =>
    renderVideo(
      { settings, audioPath: '', durationSeconds: SECONDS, analysis: null, imagePaths: {} },
      out,
      { ffmpeg, tmpDir: dir },
    );
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  // A first render (not counted) gives the frames the second baseline encodes.
  await render();
  await ffmpeg.run(['-i', out, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', raw]);
  const source: number[] = [];
  const own: number[] = [];
  const subject: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (withTestSource)
      source.push(await time(() => ffmpeg.run(testSource, { frameEncoder: true })));
    own.push(await time(() => ffmpeg.run(ownFrames, { frameEncoder: true })));
    subject.push(await time(render));
  }
  const rendered = median(subject);
  const name = `particles (${label}) 1920x1080@30, ${SECONDS} s (${frames} frames; ${((SECONDS * 1000) / rendered).toFixed(2)}x real time)`;
  if (withTestSource) {
    report(name, rendered, `ffmpeg encoding ${frames} RGBA test frames`, median(source));
  }
  report(name, rendered, `ffmpeg encoding the render's own frames`, median(own));
  await rm(raw, { force: true });
}
