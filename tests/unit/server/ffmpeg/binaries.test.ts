// Which ffmpeg the media pipeline runs: FFMPEG_PATH, else the npm package's static build; and
// for the frame thread's raw-frame encodes, FFMPEG_PATH, else an ffmpeg on the PATH that has
// the encoders renders need, else the package's.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { resolveBinaries } from '../../../../server/repositories/ffmpeg/binaries';

const packaged = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
  .path;
const none = { ffmpegPath: undefined, ffprobePath: undefined };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-binaries-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('FFMPEG_PATH wins over anything on the PATH', async () => {
  await symlink(packaged, path.join(dir, 'ffmpeg'));
  const binaries = await resolveBinaries({ ...none, ffmpegPath: '/opt/own/ffmpeg' }, dir);
  expect(binaries).toMatchObject({
    ffmpegPath: '/opt/own/ffmpeg',
    frameEncoderPath: '/opt/own/ffmpeg',
    frameEncoderFrom: 'FFMPEG_PATH',
  });
});

test('an ffmpeg on the PATH with libx264 and aac encodes the frames; short runs stay packaged', async () => {
  await symlink(packaged, path.join(dir, 'ffmpeg'));
  const binaries = await resolveBinaries(none, ['/nonexistent', dir].join(path.delimiter));
  expect(binaries).toMatchObject({
    ffmpegPath: packaged,
    frameEncoderPath: path.join(dir, 'ffmpeg'),
    frameEncoderFrom: 'PATH',
  });
});

test('an ffmpeg on the PATH without the encoders, or that does not run, is passed over', async () => {
  const lacking = path.join(dir, 'lacking');
  const broken = path.join(dir, 'broken');
  await Promise.all([mkdir(lacking), mkdir(broken)]);
  // An ffmpeg build without libx264 (its encoder list has only the native ones).
  await writeFile(
    path.join(lacking, 'ffmpeg'),
    '#!/bin/sh\necho "Encoders:"\necho " V....D mpeg4                MPEG-4 part 2"\necho " A....D aac                  AAC (Advanced Audio Coding)"\n',
    { mode: 0o755 },
  );
  await writeFile(path.join(broken, 'ffmpeg'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  const binaries = await resolveBinaries(none, [lacking, broken].join(path.delimiter));
  expect(binaries).toMatchObject({
    ffmpegPath: packaged,
    frameEncoderPath: packaged,
    frameEncoderFrom: 'package',
  });
});
