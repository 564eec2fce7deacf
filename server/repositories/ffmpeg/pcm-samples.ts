import type { Readable } from 'node:stream';

/**
 * The float32le PCM that ffmpeg writes to stdout (analysisDecodeArgs), as Float32Arrays in
 * arrival order: a chunk may end inside a sample, so its last 1-3 bytes wait for the next.
 */
export async function* float32Samples(stdout: Readable): AsyncGenerator<Float32Array> {
  let carry = Buffer.alloc(0);
  for await (const chunk of stdout as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    carry = Buffer.from(bytes.subarray(whole));
    // Copied into an aligned buffer: a Float32Array view needs a 4-byte aligned offset.
    const samples = new Float32Array(whole / 4);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, whole));
    yield samples;
  }
}
