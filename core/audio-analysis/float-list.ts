// An append-only list of floats stored in fixed blocks, for per-frame series of unknown length.

const BLOCK_SIZE = 16_384;

/** Growable Float32 series; appending never copies what is already stored. */
export interface FloatList {
  readonly length: number;
  push(value: number): void;
  /** The whole series as one new contiguous array. */
  toFloat32Array(): Float32Array;
}

/** Creates an empty list. Blocks instead of a doubling array: no 2x copy spikes on long tracks. */
export function createFloatList(): FloatList {
  const blocks: Float32Array[] = [];
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(value) {
      const offset = length % BLOCK_SIZE;
      if (offset === 0) blocks.push(new Float32Array(BLOCK_SIZE));
      blocks[blocks.length - 1]![offset] = value;
      length++;
    },
    toFloat32Array() {
      const out = new Float32Array(length);
      blocks.forEach((block, i) => {
        const from = i * BLOCK_SIZE;
        out.set(block.subarray(0, Math.min(BLOCK_SIZE, length - from)), from);
      });
      return out;
    },
  };
}
