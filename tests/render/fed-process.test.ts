import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFfmpeg } from '../../server/repositories/ffmpeg/fed-process';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { ProcessError } from '../../server/repositories/ffmpeg/run-process';
import { makeTempDir } from '../support/temp-dir';
import { testFfmpeg } from './media-compare';

let ffmpeg: Ffmpeg;
let dir: string;
let remove: () => Promise<void>;
beforeAll(async () => {
  ffmpeg = await testFfmpeg();
  ({ dir, remove } = await makeTempDir('fed-process'));
});
afterAll(() => remove());

const rawCopy = (out: string) => [
  ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '4x2', '-framerate', '30', '-i', 'pipe:0'],
  ...['-f', 'rawvideo', '-pix_fmt', 'gray', out],
];

test('aborting its signal kills ffmpeg at once; finish then rejects', async () => {
  const controller = new AbortController();
  const encoder = await startFfmpeg(ffmpeg, rawCopy(path.join(dir, 'aborted.raw')), {
    signal: controller.signal,
  });
  await encoder.write(new Uint8Array(8));
  const pid = encoder.pid!;
  controller.abort();
  await expect(encoder.finish()).rejects.toBeInstanceOf(ProcessError);
  expect(encoder.exited).toBe(true);
  expect(() => process.kill(pid, 0)).toThrow();
});

test('an aborted signal starts nothing', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(
    startFfmpeg(ffmpeg, rawCopy(path.join(dir, 'never.raw')), { signal: controller.signal }),
  ).rejects.toMatchObject({ name: 'AbortError' });
});
