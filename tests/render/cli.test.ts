import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { designFileText } from '../../core/particles/design';
import { PARTICLE_PRESETS, presetDesign } from '../../core/particles/presets';
import { listLyricStyles } from '../../core/render/lyrics/lyrics-layer';
import { listTemplates } from '../../core/render/renderer';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import { testFfmpeg } from './media-compare';
import { cli } from './render-cli';

describe('npm run render', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let ffmpeg: Ffmpeg;
  /** The first 3 s of the 8 s MP3, its packets copied: the renders that draw every frame. */
  let excerpt: string;
  /** The frames a 30 fps video of the excerpt has: one for each started 1/30 s of its sound. */
  let excerptFrames: number;

  beforeAll(async () => {
    temp = await makeTempDir('render-cli');
    ffmpeg = await testFfmpeg();
    excerpt = path.join(temp.dir, 'three-seconds.mp3');
    await ffmpeg.run(['-i', fixture('audio/intro-8s-mono.mp3'), '-t', '3', '-c', 'copy', excerpt]);
    const { summary } = await analyseAudioFile(ffmpeg, excerpt);
    excerptFrames = Math.ceil(summary.durationSeconds * 30 - 1e-9);
    expect(excerptFrames).toBeGreaterThan(80);
  });
  afterAll(async () => {
    await temp?.remove();
  });

  test('templates: one "kind name" line per template, the particle presets, the lyric styles', async () => {
    const { code, stdout } = await cli(['templates']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      ...listTemplates()
        .filter((t) => t.kind !== 'particles')
        .map((t) => `${t.kind} ${t.name}`),
      ...PARTICLE_PRESETS.map((p) => `particles ${p.name}`),
      ...listLyricStyles().map((s) => `lyrics-style ${s.name}: ${s.title}. ${s.description}`),
    ]);
    expect(stdout).toContain('lyrics-style centred: Centred lines. ');
  });

  test('particles: an exported design file with a track; a file that is no design is refused', async () => {
    const design = path.join(temp.dir, 'embers.particles.json');
    await writeFile(design, designFileText({ ...presetDesign('embers'), name: 'Campfire' }));
    const out = path.join(temp.dir, 'cli-particles.mp4');
    const { code, stdout, stderr } = await cli([
      ...['particles', '--options', design, '--audio', excerpt],
      ...['--size', '1080x1080', '--seed', '3', '--out', out],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Rendering particles "Campfire" 1080x1080 at 30 fps');
    const probe = await ffmpeg.probe(out);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1080,
      r_frame_rate: '30/1',
    });

    const broken = path.join(temp.dir, 'broken.json');
    await writeFile(broken, '{"particles": {"shape": {"type": "heart"}}}');
    const refused = await cli(['particles', '--options', broken, '--seconds', '1', '--out', out]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Unknown particle shape "heart"');
  });

  test('renders a single-frame video with the image as album art, printing progress', async () => {
    const out = path.join(temp.dir, 'cli.mp4');
    const { code, stdout, stderr } = await cli([
      ...['single-frame', '--template', 'cover-on-blur'],
      ...['--audio', fixture('audio/intro-8s-mono.mp3')],
      ...['--image', fixture('images/truchet-1000.jpg'), '--size', '1080x1080', '--out', out],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/100% +8\/8 frames/);
    expect(stdout).toMatch(/Wrote .*cli\.mp4/);
    const probe = await ffmpeg.probe(out);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1080, height: 1080 });
    expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThan(1);
  });

  test('renders a visualizer', async () => {
    const out = path.join(temp.dir, 'cli-viz.mp4');
    const { code, stdout } = await cli([
      ...['visualizer', '--template', 'mirrored-bars', '--size', '1080x1080'],
      ...['--audio', excerpt, '--settings', '{"bar_fill":"#ff0066"}'],
      ...['--out', out],
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`100% +${excerptFrames}/${excerptFrames} frames`));
    const probe = await ffmpeg.probe(out);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.r_frame_rate).toBe('30/1');
  });

  test('renders a Canvas loop cut on the beat of a section of the track', async () => {
    const out = path.join(temp.dir, 'cli-canvas.mp4');
    const { code, stdout, stderr } = await cli([
      ...['canvas', '--template', 'vinyl', '--audio', fixture('audio/intro-30s.m4a')],
      ...['--section', '12', '--seconds', '4', '--size', '720x1280', '--fps', '24'],
      ...['--image', fixture('images/truchet-1000.jpg'), '--out', out],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const plan = /a ([\d.]+) s loop, (\d+) beats at ([\d.]+) bpm/.exec(stdout);
    expect(plan, stdout).not.toBeNull();
    const [seconds, beats, bpm] = [Number(plan![1]), Number(plan![2]), Number(plan![3])];
    expect(Math.abs(seconds - (beats * 60) / bpm)).toBeLessThanOrEqual(0.5 / 24 + 0.01);
    const probe = await ffmpeg.probe(out);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0]).toMatchObject({ width: 720, height: 1280, r_frame_rate: '24/1' });
    expect(Math.abs(Number(probe.format.duration) - seconds)).toBeLessThan(1 / 24);
  });

  test("loop: a clip repeated to a track's length, with its audio", async () => {
    const clip = path.join(temp.dir, 'clip.mp4');
    await ffmpeg.run([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25', '-t', '2'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-pix_fmt', 'yuv420p', clip],
    ]);
    const out = path.join(temp.dir, 'cli-loop.mp4');
    const { code, stdout, stderr } = await cli([
      ...['loop', '--video', clip, '--audio', fixture('audio/intro-8s-mono.mp3'), '--out', out],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/the 2\.00 s clip its packets repeated by copy/);
    const probe = await ffmpeg.probe(out);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThan(0.1);
  });

  test.each([
    [['loop', '--video', 'x.mp4', '--out', 'y.mp4'], /give either --length <seconds> or --audio/],
    [['loop', '--length', '60', '--out', 'y.mp4'], /--video is missing/],
    [
      ['loop', '--video', fixture('audio/intro-8s-mono.mp3'), '--length', '60', '--out', 'x.mp4'],
      /The clip could not be read: it is not a video/,
    ],
    [
      ['canvas', '--template', 'vinyl', '--section', '3', '--out', 'x.mp4'],
      /--section needs --audio/,
    ],
    [
      ['canvas', '--template', 'vinyl', '--seconds', '12', '--out', 'x.mp4'],
      /--seconds must be between 3 and 8/,
    ],
    [
      ['canvas', '--template', 'vinyl', '--size', '1920x1080', '--out', 'x.mp4'],
      /Size 1920x1080 is not offered for a Canvas/,
    ],
    [['canvas', '--template', 'mirrored-bars', '--out', 'x.mp4'], /unknown canvas template/],
    [
      ['visualizer', '--template', 'nope', '--audio', 'x.mp3', '--out', 'x.mp4'],
      /unknown visualizer template "nope"/,
    ],
    [
      ['visualizer', '--template', 'mirrored-bars', '--audio', fixture('audio/intro-8s-mono.mp3')],
      /--out is missing/,
    ],
    [
      [
        'single-frame',
        '--template',
        'cover-on-blur',
        '--audio',
        fixture('bad/text-named.mp3'),
        '--out',
        'x.mp4',
      ],
      /cannot read audio/,
    ],
    [
      [
        'single-frame',
        '--template',
        'cover-on-blur',
        '--audio',
        fixture('audio/intro-8s-mono.mp3'),
        '--size',
        '1280x720',
        '--out',
        'x.mp4',
      ],
      /Size 1280x720 is not offered/,
    ],
    [
      [
        'single-frame',
        '--template',
        'cover-on-blur',
        '--audio',
        fixture('audio/intro-8s-mono.mp3'),
        '--size',
        'big',
        '--out',
        'x.mp4',
      ],
      /--size must look like 1920x1080/,
    ],
    [['slideshow'], /unknown command "slideshow"/],
  ])('bad input %j exits non-zero with one clear line', async (args, message) => {
    const before = await readdir(temp.dir);
    const { code, stderr } = await cli(
      args.map((a) => (a === 'x.mp4' ? path.join(temp.dir, a) : a)),
    );
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(await readdir(temp.dir)).toEqual(before);
  });
});
