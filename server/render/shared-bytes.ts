// Bytes in shared memory, so a worker thread can read them without a copy. The render engine
// hands the track's analysis to its frame thread this way; loaders that read the analysis
// straight into shared memory keep a single copy of it for the whole render.

/** A copy of the bytes in a SharedArrayBuffer (the bytes themselves if they already are). */
export function toSharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

/** Reads a stream whole into one SharedArrayBuffer; its chunks are let go as soon as copied. */
export async function readSharedBytes(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.length;
  }
  const shared = new Uint8Array(new SharedArrayBuffer(length));
  let at = 0;
  for (const chunk of chunks) {
    shared.set(chunk, at);
    at += chunk.length;
  }
  return shared;
}

/**
 * Reads a stream of `size` bytes straight into one SharedArrayBuffer, each chunk copied as it
 * arrives and let go at once: unlike readSharedBytes, no copy of the whole file is ever held in
 * chunks, which on the API's event loop cost a garbage collection of that much memory (loop
 * delays of 15 ms reading a 3-hour track's 26 MB analysis, under 5 ms this way). Throws if the
 * stream holds more or fewer bytes.
 */
export async function readSharedBytesOfSize(
  stream: AsyncIterable<Uint8Array>,
  size: number,
): Promise<Uint8Array> {
  const shared = new Uint8Array(new SharedArrayBuffer(size));
  let at = 0;
  for await (const chunk of stream) {
    if (at + chunk.length > size) throw new Error(`more than the ${size} bytes expected`);
    shared.set(chunk, at);
    at += chunk.length;
  }
  if (at !== size) throw new Error(`${at} bytes where ${size} were expected`);
  return shared;
}
