// API latency while renders run: list calls at a steady 100 requests a second against the real
// server (its own process, PGlite, job worker inside, as `npm start` runs it), p99 while two
// 1080p visualizer renders start and run, against p99 of the same load with nothing running.
// A musician browses or uploads while a render runs; the render must not stall the API.
//
// This machine's speed drifts (the same calls measured 3 ms and then 7 ms apart a few minutes
// later), and a p99 over a few seconds is one stall: so idle is measured on both sides of the
// renders (before they start and after they are deleted) and pooled, each window long enough
// (API_LOAD_SECONDS, 30 s of renders, half of it idle on each side) that one hiccup is not the
// p99, and idle starts only once the server has finished its own work (the track's jobs).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../tests/support/api-client';
import { listLoad, RATE } from './list-load';
import { uploadAudio, waitForAudio } from '../tests/support/media-client';
import { createRender, renderIdOf } from '../tests/support/renders-client';
import { startServer } from '../tests/support/server-process';
import { makeTempDir } from '../tests/support/temp-dir';

const TRACK = path.resolve(import.meta.dirname, '../../shared/fixtures/audio/introzik-full.ogg');
const SECONDS = Number(process.env.API_LOAD_SECONDS ?? 30);

/** CPU seconds a process has used (all its threads), from /proc. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the server uses under 5 % of a core for a whole second (its own jobs are done). */
async function waitUntilQuiet(pid: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let before = processCpu(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = processCpu(pid);
    if (now - before < 0.05) return;
    before = now;
  }
  throw new Error('the server never went quiet');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

export async function benchApiUnderRender(): Promise<void> {
  const data = await makeTempDir('bench-api-load');
  const server = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'warn' });
  try {
    const api = await new ApiClient(server.url).hail();
    await api.post('/api/auth/sign-up', {
      email: `load${Date.now()}@example.com`,
      password1: 'benchpw',
      password2: 'benchpw',
    });
    const { draft } = await uploadAudio(api, TRACK);
    const audioUuid = draft.body.audio_uuid as string;
    const audio = await waitForAudio(api, audioUuid, 300_000);
    if (audio.core_processing_status !== 'COMPLETE') throw new Error('track processing failed');
    await waitUntilQuiet(server.child.pid!);
    await listLoad(api, 2); // warm-up

    const idleBefore = await listLoad(api, SECONDS / 2);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await createRender(api, 'visualizer', audioUuid, {
        template: 'mirrored-bars',
        width: 1920,
        height: 1080,
        fps: 30,
        seed: i,
      });
      if (answer.status !== 201) throw new Error(`render refused: ${answer.raw}`);
      ids.push(renderIdOf(answer.body));
    }
    const busy = summary(await listLoad(api, SECONDS));
    for (const id of ids)
      await api.delete('/api/visualizers/delete-visualizer', { upload_uuid: id });
    await waitUntilQuiet(server.child.pid!);
    const idle = summary([...idleBefore, ...(await listLoad(api, SECONDS / 2))]);

    const line = (name: string, r: { p50: number; p99: number }) =>
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${name})`;
    console.log(
      `${`list calls at ${RATE}/s, p99, two 1080p renders`.padEnd(44)} ${busy.p99.toFixed(1).padStart(9)} ms   ${'idle'.padEnd(34)} ${idle.p99.toFixed(1).padStart(9)} ms   ratio ${(busy.p99 / idle.p99).toFixed(2)}`,
    );
    console.log(
      `  ${line(`idle, ${SECONDS / 2} s before and after`, idle)}; ${line(`first ${SECONDS} s of two renders`, busy)}`,
    );
  } finally {
    await server.stop();
    await data.remove();
  }
}
