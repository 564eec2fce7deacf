import { expose } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { createComlinkWorker } from '../../../src/lib/comlink-worker';
import { toolsApi, type ToolsApi } from '../../../workers/tools-api';

/** A worker stand-in: the tools API exposed on one end of a message channel. */
function startFakeWorker() {
  const channel = new MessageChannel();
  expose(toolsApi, channel.port1);
  const terminate = vi.fn(() => {
    channel.port1.close();
    channel.port2.close();
  });
  return { endpoint: Object.assign(channel.port2, { terminate }), terminate };
}

describe('the tools worker over comlink', () => {
  it('computes note lengths, periods and frequencies through the message channel', async () => {
    const fake = startFakeWorker();
    const worker = createComlinkWorker<ToolsApi>(() => fake.endpoint);

    const rows = await worker.api.noteDurations(120);
    expect(rows.find((row) => row.note === 'quarter')).toMatchObject({
      straight: 500,
      dotted: 750,
    });
    expect(await worker.api.hertzToMs(50)).toBe(20);
    expect(await worker.api.msToHertz(20)).toBe(50);
    expect(await worker.api.periodBreakdown(2)).toMatchObject({
      periodMs: 500,
      equivalentBpm: 120,
    });
    expect(await worker.api.durationBreakdown(500)).toMatchObject({ hertz: 2 });

    worker.terminate();
    worker.terminate();
    expect(fake.terminate).toHaveBeenCalledOnce();
  });

  it('passes errors back as rejections', async () => {
    const fake = startFakeWorker();
    const worker = createComlinkWorker<ToolsApi>(() => fake.endpoint);
    await expect(worker.api.noteDurations(0)).rejects.toThrow('BPM must be a positive number');
    worker.terminate();
  });
});
