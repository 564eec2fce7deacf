import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSharedBytes, toSharedBytes } from '../../../../server/render/shared-bytes';

describe('shared bytes for the frame thread', () => {
  it('reads a stream whole into one SharedArrayBuffer, in order', async () => {
    const chunks = [Buffer.from('WFA1'), Buffer.alloc(70_000, 7), Buffer.from([1, 2, 3])];
    const bytes = await readSharedBytes(Readable.from(chunks));
    expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(bytes).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('reads an empty stream as no bytes', async () => {
    expect((await readSharedBytes(Readable.from([]))).length).toBe(0);
  });

  it('copies ordinary bytes once and passes shared ones through untouched', () => {
    const plain = new Uint8Array([5, 6, 7]);
    const shared = toSharedBytes(plain);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...shared]).toEqual([5, 6, 7]);
    expect(toSharedBytes(shared)).toBe(shared);
  });
});
