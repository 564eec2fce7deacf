import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import {
  BACKGROUND_NICE,
  LOWER_THREAD_PRIORITY_JS,
} from '../../../../server/render/thread-priority';

/** The nice value a new thread ends with after running `bootstrap` (plain JavaScript). */
function niceOfThreadAfter(bootstrap: string): Promise<number> {
  const report = `const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
require('node:worker_threads').parentPort.postMessage(require('node:os').getPriority(tid));`;
  const worker = new Worker(`${bootstrap}\n${report}`, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (nice: number) => resolve(nice));
    worker.once('error', reject);
  }).finally(() => worker.terminate()) as Promise<number>;
}

test("a render thread's bootstrap lowers only that thread's priority, before it loads anything", async () => {
  expect(await niceOfThreadAfter('')).toBe(getPriority());
  expect(await niceOfThreadAfter(LOWER_THREAD_PRIORITY_JS)).toBe(BACKGROUND_NICE);
  // The calling thread (the API's event loop) keeps its own.
  expect(getPriority()).toBeLessThan(BACKGROUND_NICE);
});
