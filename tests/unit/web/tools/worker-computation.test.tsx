// @vitest-environment happy-dom
// The tools' computations run in the tools worker (here the same API over a message channel):
// what is shown is always computed by the function and input of the latest render.
import { renderHook, waitFor } from '@testing-library/react';
import { expose, type Remote } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { createComlinkWorker } from '../../../../src/lib/comlink-worker';
import { useToolsComputation } from '../../../../src/features/tools/use-worker-computation';
import { toolsApi, type ToolsApi } from '../../../../workers/tools-api';

vi.mock('../../../../src/features/tools/tools-worker', () => ({
  startToolsWorker: () =>
    createComlinkWorker<ToolsApi>(() => {
      const channel = new MessageChannel();
      expose(toolsApi, channel.port1);
      return Object.assign(channel.port2, {
        terminate: () => {
          channel.port1.close();
          channel.port2.close();
        },
      });
    }),
}));

const toMs = (api: Remote<ToolsApi>, hertz: number) => api.hertzToMs(hertz);
/** The period an octave up. */
const octaveUpMs = (api: Remote<ToolsApi>, hertz: number) => api.hertzToMs(hertz * 2);

describe('a computation in the tools worker', () => {
  it('follows a new input, and a new function for the same input', async () => {
    const done = (value: number) => ({ state: 'done', value, current: true });
    const { result, rerender } = renderHook(
      ({ input, compute }: { input: number | null; compute: typeof toMs }) =>
        useToolsComputation(input, compute),
      { initialProps: { input: 50 as number | null, compute: toMs } },
    );
    await waitFor(() => expect(result.current).toEqual(done(20)));

    rerender({ input: 100, compute: toMs });
    await waitFor(() => expect(result.current).toEqual(done(10)));

    // The same input, another function: its answer, not the last one's.
    rerender({ input: 100, compute: octaveUpMs });
    await waitFor(() => expect(result.current).toEqual(done(5)));

    rerender({ input: null, compute: octaveUpMs });
    expect(result.current).toEqual({ state: 'invalid' });
  });
});
