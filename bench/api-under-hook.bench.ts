// API latency while hooks of 3-hour tracks are searched: another user's list calls at a steady
// 100 a second against the real server (its own process, PGlite, job worker inside, as
// `npm start` runs it), p99 while ten hook calls run, each on a different 3-hour track (so none
// is answered from what the server keeps), against p99 of the same load with nothing running.
// The hook search runs in a thread of its own (hook-search.ts); the goal is within 2x idle.
//
// The ten tracks (one for each of ten users) are uploads of a 30-second fixture, processed like
// any track; each one's stored analysis is then replaced by that analysis repeated to 3 hours
// (the longest upload), as if the track had been played over and over: processing ten real
// 3-hour uploads would take most of an hour on a small machine, and the search reads nothing
// else. As
// in api-under-render.bench.ts, idle is measured on both sides of the busy window and pooled,
// once the server has finished its jobs.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeAnalysis } from '../core/audio-analysis/analysis-format';
import { loadConfig } from '../server/config';
import { audioKeys } from '../server/repositories/audios.repository';
import { ApiClient } from '../tests/support/api-client';
import { listLoad, RATE } from './list-load';
import { uploadAudio, waitForAudio } from '../tests/support/media-client';
import { startServer } from '../tests/support/server-process';
import { tileAnalysis } from '../tests/support/long-analysis';
import { makeTempDir } from '../tests/support/temp-dir';

const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/audio/introzik-full.ogg');
/** The hook users' track: 30 s, quick to process, made 3 hours long afterwards. */
const TRACK = path.resolve(import.meta.dirname, '../../shared/fixtures/audio/intro-30s.m4a');
const IDLE_SECONDS = Number(process.env.API_LOAD_SECONDS ?? 30) / 2;
const TRACKS = 10;
const THREE_HOURS = 3 * 3600;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

async function signedUp(url: string, name: string): Promise<ApiClient> {
  const api = await new ApiClient(url).hail();
  const answer = await api.post('/api/auth/sign-up', {
    email: `${name}${Date.now()}@example.com`,
    password1: 'benchpw',
    password2: 'benchpw',
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return api;
}

async function processedTrack(api: ApiClient, file: string, timeoutMs: number): Promise<string> {
  const { draft } = await uploadAudio(api, file);
  const audioUuid = draft.body.audio_uuid as string;
  const audio = await waitForAudio(api, audioUuid, timeoutMs);
  if (audio.core_processing_status !== 'COMPLETE') throw new Error('track processing failed');
  return audioUuid;
}

export async function benchApiUnderHook(): Promise<void> {
  const data = await makeTempDir('bench-api-hook');
  const server = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'warn' });
  try {
    const other = await signedUp(server.url, 'lists');
    await processedTrack(other, FIXTURE, 300_000);

    // Ten users with a track each (a user's second upload of the same file is the same track),
    // processed as uploaded; then each one's stored analysis is made 3 hours long: the track's
    // own analysis played over and over (tileAnalysis).
    const config = loadConfig({ DATA_DIR: data.dir }).storage;
    if (config.kind !== 'local') throw new Error('the bench writes analyses on local storage');
    const owners: { api: ApiClient; audioUuid: string; file: string }[] = [];
    for (let i = 0; i < TRACKS; i++) {
      const api = await signedUp(server.url, `hooks${i}-`);
      const userUuid = (await api.get('/api/auth/user')).body.user.user_uuid as string;
      const audioUuid = await processedTrack(api, TRACK, 300_000);
      owners.push({
        api,
        audioUuid,
        file: path.join(config.dir, audioKeys(userUuid, audioUuid).analysis),
      });
    }
    const track = decodeAnalysis(new Uint8Array(await readFile(owners[0]!.file)));
    const threeHours = tileAnalysis(track, THREE_HOURS);
    for (const { file } of owners) await writeFile(file, threeHours);
    await waitUntilQuiet(server.child.pid!);
    await listLoad(other, 2); // warm-up

    const idleBefore = await listLoad(other, IDLE_SECONDS);
    let running = TRACKS;
    const hookSeconds: number[] = [];
    const started = performance.now();
    const hooks = owners.map(async ({ api, audioUuid }) => {
      const answer = await api.get(`/api/release-kits/hook?audio_uuid=${audioUuid}`);
      running--;
      if (answer.status !== 200) throw new Error(`hook answered ${answer.status}: ${answer.raw}`);
      if (answer.body.duration_seconds < THREE_HOURS - 1) throw new Error('not a 3-hour track');
      hookSeconds.push((performance.now() - started) / 1000);
    });
    const busyLatencies = await listLoad(other, 0, () => running > 0);
    await Promise.all(hooks);
    const busy = summary(busyLatencies);
    await waitUntilQuiet(server.child.pid!);
    const idle = summary([...idleBefore, ...(await listLoad(other, IDLE_SECONDS))]);

    const line = (name: string, r: { p50: number; p99: number; n: number }) =>
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms over ${r.n} calls (${name})`;
    console.log(
      `${`list calls at ${RATE}/s, p99, ten 3-hour hooks`.padEnd(44)} ${busy.p99.toFixed(1).padStart(9)} ms   ${'idle'.padEnd(34)} ${idle.p99.toFixed(1).padStart(9)} ms   ratio ${(busy.p99 / idle.p99).toFixed(2)}`,
    );
    console.log(`  ${line(`idle, ${IDLE_SECONDS} s before and after`, idle)}`);
    console.log(`  ${line('while the ten hooks were searched', busy)}`);
    console.log(
      `  hooks answered after ${hookSeconds.map((s) => s.toFixed(1)).join(', ')} s; ` +
        `${busy.p99 <= 2 * idle.p99 ? 'within' : 'OVER'} the goal of 2x idle`,
    );
  } finally {
    await server.stop();
    await data.remove();
  }
}

/** CPU seconds a process has used (all its threads), from /proc. */
async function processCpu(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the server uses under 5 % of a core for a whole second (its own jobs are done). */
async function waitUntilQuiet(pid: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  let before = await processCpu(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await processCpu(pid);
    if (now - before < 0.05) return;
    before = now;
  }
  throw new Error('the server never went quiet');
}
