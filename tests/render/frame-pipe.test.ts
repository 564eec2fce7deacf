import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ffmpegBinary } from '../../server/repositories/ffmpeg/fed-process';
import { startFramePipe } from '../../server/repositories/ffmpeg/frame-pipe';
import { ProcessError } from '../../server/repositories/ffmpeg/run-process';
import { makeTempDir } from '../support/temp-dir';
import { testFfmpeg } from './media-compare';

/** ffmpeg copying raw 4x2 grey frames to a file as they come. */
const rawCopy = (out: string) => [
  ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '4x2', '-framerate', '30', '-i', 'pipe:0'],
  ...['-f', 'rawvideo', '-pix_fmt', 'gray', out],
];

describe('the frame pipe', () => {
  let binary: string;
  let dir: string;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    binary = await ffmpegBinary(await testFfmpeg());
    ({ dir, remove } = await makeTempDir('frame-pipe'));
  });
  afterAll(() => remove());

  test('every frame arrives in order, through a few buffers lent in turn', async () => {
    const out = path.join(dir, 'frames.raw');
    const pipe = startFramePipe(binary, rawCopy(out), { frameBytes: 8, depth: 3 });
    expect(await pipe.pid).toBeGreaterThan(0);
    for (let frame = 0; frame < 200; frame++) {
      const buffer = await pipe.nextBuffer();
      expect(buffer.length).toBe(8);
      buffer.fill(frame);
      pipe.send(buffer);
    }
    await pipe.finish();
    const written = await readFile(out);
    expect(written.length).toBe(200 * 8);
    for (let frame = 0; frame < 200; frame++) expect(written[frame * 8]).toBe(frame);
  });

  test('no more than `depth` frames are held: the next buffer waits for ffmpeg to take one', async () => {
    const pipe = startFramePipe(binary, rawCopy(path.join(dir, 'depth.raw')), {
      frameBytes: 8,
      depth: 2,
    });
    const first = await pipe.nextBuffer();
    await pipe.nextBuffer();
    const third = pipe.nextBuffer();
    // Only a message from the pipe's thread can settle it, so it is pending now.
    expect(await Promise.race([third, Promise.resolve('pending')])).toBe('pending');
    pipe.send(first);
    expect((await third).length).toBe(8);
    await pipe.finish();
  });

  test('an ffmpeg that fails says why, and waiting for a buffer ends with that error', async () => {
    const pipe = startFramePipe(binary, ['-f', 'rawvideo', '-pix_fmt', 'nope', '-i', 'pipe:0'], {
      frameBytes: 8,
    });
    let error: unknown;
    try {
      for (;;) pipe.send(await pipe.nextBuffer());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as ProcessError).message).toMatch(
      /^ffmpeg exited with code 1: pipe:0: Invalid argument$/,
    );
    await expect(pipe.finish()).rejects.toBeInstanceOf(ProcessError);
  });

  test('kill stops ffmpeg at once', async () => {
    const out = path.join(dir, 'killed.raw');
    const pipe = startFramePipe(binary, rawCopy(out), { frameBytes: 8 });
    const pid = (await pipe.pid)!;
    pipe.send(await pipe.nextBuffer());
    await pipe.kill();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(pipe.nextBuffer()).rejects.toThrow(/SIGKILL/);
  });
});
