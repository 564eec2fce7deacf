import { expose, transfer } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { createComlinkWorker } from '../../../../src/lib/comlink-worker';
import { paletteApi, type PaletteApi } from '../../../../workers/palette-api';

describe('the palette worker over comlink', () => {
  it('extracts the dominant colours of transferred pixels', async () => {
    const channel = new MessageChannel();
    expose(paletteApi, channel.port1);
    const terminate = vi.fn(() => channel.port2.close());
    const worker = createComlinkWorker<PaletteApi>(() =>
      Object.assign(channel.port2, { terminate }),
    );

    const pixels = new Uint8ClampedArray(4 * 30);
    for (let p = 0; p < 30; p += 1) {
      pixels.set(p < 20 ? [0, 0, 0, 255] : [255, 255, 255, 255], p * 4);
    }
    const palette = await worker.api.extractPalette(transfer(pixels, [pixels.buffer]), 8);
    expect(pixels.byteLength).toBe(0);
    expect(palette.map((color) => [color.hex, color.share])).toEqual([
      ['#000000', 2 / 3],
      ['#ffffff', 1 / 3],
    ]);
    worker.terminate();
    channel.port1.close();
    expect(terminate).toHaveBeenCalledOnce();
  });
});
