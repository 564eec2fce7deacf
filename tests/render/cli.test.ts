import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listTemplates } from '../../core/render/renderer';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import { testFfmpeg } from './media-compare';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run render -- ...` as a user runs it: scripts/render.ts bundled with its frame thread
 * (scripts/render-cli.mjs).
 */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/render-cli.mjs', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run render', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let ffmpeg: Ffmpeg;

  beforeAll(async () => {
    temp = await makeTempDir('render-cli');
    ffmpeg = await testFfmpeg();
  });
  afterAll(async () => {
    await temp?.remove();
  });

  test('templates: one "kind name" line per template', async () => {
    const { code, stdout } = await cli(['templates']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(listTemplates().map((t) => `${t.kind} ${t.name}`));
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
      ...['--audio', fixture('audio/intro-8s-mono.mp3'), '--settings', '{"bar_fill":"#ff0066"}'],
      ...['--out', out],
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/100% +240\/240 frames/);
    const probe = await ffmpeg.probe(out);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.r_frame_rate).toBe('30/1');
  });

  test.each([
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
