import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { float32Samples } from '../../../../server/repositories/ffmpeg/pcm-samples';

test('samples split across chunks (and at odd offsets) come out whole and in order', async () => {
  const values = [0.5, -0.25, 1, -1, 0.125];
  const bytes = Buffer.from(new Float32Array(values).buffer);
  // Cuts at 3, 5 and 13 bytes: inside samples, and chunks whose data starts unaligned.
  const chunks = [
    bytes.subarray(0, 3),
    bytes.subarray(3, 5),
    bytes.subarray(5, 13),
    bytes.subarray(13),
  ];
  const out: number[] = [];
  for await (const samples of float32Samples(Readable.from(chunks))) out.push(...samples);
  expect(out).toEqual(values);
});
