// `npm run bench -- scale` (issue 25): K simulated musicians against the one-process default
// (`npm start`: one process, PGlite, local disk, jobs inside) and against the topology of
// tests/support/topology.ts (nginx, two API instances, two workers, PostgreSQL, S3). Each
// musician signs in, browses the library lists (autocannon, as fast as the server answers),
// uploads a 20 MB track in 1 MiB tus chunks, queues a render and polls it. Then a kill test on
// the topology: mid-run, SIGKILL one API instance, and one worker once it is mid-render; count
// the errors, check every upload arrived whole (SHA-256 of the stored file) and every render
// finished exactly once, and how soon the other worker took over the killed worker's renders
// (their jobs' expiry would have been ten minutes and more).
//
// SCALE_MUSICIANS (default 20), SCALE_BROWSE_SECONDS (default 30), SCALE_RENDER_WAIT_SECONDS
// (default 300: how long the kill test waits for renders a killed worker held), SCALE_PHASES
// (default single,topology,kill),
// TOPOLOGY_UPLOADS=one-instance (until tus uploads live in S3, see tus-across-instances.ts).
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.

import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import pg from 'pg';
import { resolveBinaries } from '../server/repositories/ffmpeg/binaries';
import { audioKeys } from '../server/repositories/audios.repository';
import { LocalStorage } from '../server/repositories/storage/local-storage';
import type { Storage } from '../server/repositories/storage/storage';
import { ApiClient } from '../tests/support/api-client';
import { fixture } from '../tests/support/fixtures';
import { createTempDatabase } from '../tests/support/postgres';
import { createRender, renderIdOf, renderStatus } from '../tests/support/renders-client';
import { startServer } from '../tests/support/server-process';
import { makeTempDir } from '../tests/support/temp-dir';
import { startTopology, uploadTargets, type Topology } from '../tests/support/topology';
import { uploadAudioSpread, uploadRouting } from '../tests/support/tus-across-instances';

const run = promisify(execFile);
const MUSICIANS = Number(process.env.SCALE_MUSICIANS ?? 20);
const BROWSE_SECONDS = Number(process.env.SCALE_BROWSE_SECONDS ?? 30);
const RENDER_WAIT_SECONDS = Number(process.env.SCALE_RENDER_WAIT_SECONDS ?? 300);
const TRACK_BYTES = 20 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const LISTS = [
  '/api/audio/get-user-audios',
  '/api/user-workspace/get-user-images',
  '/api/music-videos/get-user-static-videos',
  '/api/visualizers/get-user-visualizers',
  '/api/canvas-videos/get-user-canvas-videos',
];
const STILL = { template: 'cover-on-blur', width: 1080, height: 1080 };

/** Latencies by call, and the calls that failed (no answer, or 5xx). */
class Calls {
  readonly ms = new Map<string, number[]>();
  readonly errors = new Map<string, number>();

  record(call: string, ms: number, status: number) {
    this.ms.set(call, [...(this.ms.get(call) ?? []), ms]);
    if (status === 0 || status >= 500) this.errors.set(call, (this.errors.get(call) ?? 0) + 1);
  }

  async timed<T extends { status: number }>(call: string, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const answer = await fn();
      this.record(call, performance.now() - started, answer.status);
      return answer;
    } catch (error) {
      this.record(call, performance.now() - started, 0);
      throw error;
    }
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** A 20 MB WAV (stereo 44.1 kHz, about 119 s) cut from the full fixture track. */
async function makeTrack(dir: string): Promise<Buffer> {
  const { ffmpegPath } = await resolveBinaries({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  const file = path.join(dir, 'track.wav');
  const seconds = (TRACK_BYTES - 44) / (44_100 * 4);
  await run(ffmpegPath!, [
    '-v', 'error', '-i', fixture('audio/introzik-full.ogg'), '-t', seconds.toFixed(3),
    '-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', '-y', file,
  ]); // prettier-ignore
  return readFile(file);
}

interface Musician {
  api: ApiClient;
  userUuid: string;
}

/** Signs up K musicians, each from its own address, then signs each out and in again. */
async function signIn(baseUrl: string, count: number, label: string, calls: Calls) {
  return Promise.all(
    Array.from({ length: count }, async (_, i): Promise<Musician> => {
      const api = await new ApiClient(baseUrl, {
        'x-forwarded-for': `10.${label.length}.${i >> 8}.${i & 255}`,
      }).hail();
      const email = `scale-${label.length}-${i}-${Date.now()}@example.com`;
      const password = 'many machines';
      const signedUp = await calls.timed('sign-up', () =>
        api.post('/api/auth/sign-up', { email, password1: password, password2: password }),
      );
      if (signedUp.status !== 201) throw new Error(`sign-up: ${signedUp.status} ${signedUp.raw}`);
      await calls.timed('log-out', () => api.logOut());
      const loggedIn = await calls.timed('log-in', () =>
        api.post('/api/auth/log-in', { email, password }),
      );
      if (loggedIn.status !== 200) throw new Error(`log-in: ${loggedIn.status} ${loggedIn.raw}`);
      const userUuid = (await api.get('/api/auth/user')).body.user.user_uuid as string;
      return { api, userUuid };
    }),
  );
}

/** autocannon on each list, musician i on list i mod 5, for `seconds`. */
async function browse(baseUrl: string, musicians: Musician[], seconds: number) {
  const results = await Promise.all(
    LISTS.map((list, index) => {
      const mine = musicians.filter((_, i) => i % LISTS.length === index);
      if (mine.length === 0) return null;
      let next = 0;
      return autocannon({
        url: `${baseUrl}${list}`,
        connections: mine.length,
        duration: seconds,
        setupClient(client) {
          const { api } = mine[next++ % mine.length]!;
          client.setHeaders({
            cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          });
        },
      }).then((result) => ({ list, result }));
    }),
  );
  return results.filter((entry) => entry !== null);
}

interface FlowResult {
  audioUuid: string;
  sha256: string;
  renderId: string | null;
  status: string;
  finishedAt: number | null;
  retries: number;
}

/** Upload, processing, render and its polling, for one musician. */
async function flow(
  musician: Musician,
  track: Buffer,
  route: { api: ApiClient; targets: string[] },
  calls: Calls,
  renderWaitMs: number,
  onChunk: () => void,
): Promise<FlowResult> {
  const { api } = musician;
  const upload = await uploadAudioSpread(route.api, track, route.targets, {
    chunkBytes: CHUNK_BYTES,
    fileName: 'track.wav',
    onChunk,
  });
  for (const chunk of upload.chunks) calls.record('tus PATCH 1 MiB', chunk.ms, chunk.status);
  calls.record('finalize', upload.finalizeMs, upload.finalize.status);
  const result: FlowResult = {
    audioUuid: upload.audioUuid,
    sha256: upload.sha256,
    renderId: null,
    status: `upload ${upload.finalize.status}`,
    finishedAt: null,
    retries: upload.retries,
  };
  if (upload.finalize.status !== 200) return result;
  // The render waits for the track's processing; queue it when the track is ready, as the app does.
  for (let ready = false; !ready;) {
    const answer = await calls.timed('audio status', () =>
      api.post('/api/audio/get-processing-status', { audioIds: [upload.audioUuid] }),
    );
    const state = answer.body?.statuses?.[0]?.core_processing_status;
    if (state === 'FAILED') return { ...result, status: 'audio FAILED' };
    ready = state === 'COMPLETE';
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const created = await calls.timed('create render', () =>
    createRender(api, 'single-frame', upload.audioUuid, STILL),
  );
  if (created.status !== 201) return { ...result, status: `create ${created.status}` };
  const renderId = renderIdOf(created.body);
  const deadline = Date.now() + renderWaitMs;
  while (Date.now() < deadline) {
    const status = await calls.timed('render status', async () => ({
      status: 200,
      body: await renderStatus(api, 'single-frame', renderId),
    }));
    if (status.body.render_status !== 'RENDERING') {
      return { ...result, renderId, status: status.body.render_status, finishedAt: Date.now() };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { ...result, renderId, status: 'still RENDERING' };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface Subject {
  label: string;
  baseUrl: string;
  storage: Storage;
  route(api: ApiClient): { api: ApiClient; targets: string[] };
  /** Log lines of the processes that run jobs. */
  jobOutput(): string;
}

/** One whole run of K musicians against a subject; prints its figures. */
async function drive(
  subject: Subject,
  track: Buffer,
  options: { kill?: () => Promise<void>; renderWaitMs?: number } = {},
) {
  const calls = new Calls();
  const musicians = await signIn(subject.baseUrl, MUSICIANS, subject.label, calls);
  const totalChunks = MUSICIANS * Math.ceil(track.length / CHUNK_BYTES);
  let chunksSent = 0;
  let killed: Promise<void> | null = null;
  const onChunk = () => {
    // Mid-run: once 40 % of all chunks have gone, while uploads, processing and renders run.
    if (++chunksSent >= totalChunks * 0.4 && options.kill && !killed) killed = options.kill();
  };
  const started = Date.now();
  const [browsed, flows] = await Promise.all([
    browse(subject.baseUrl, musicians, BROWSE_SECONDS),
    Promise.all(
      musicians.map((musician) =>
        flow(
          musician,
          track,
          subject.route(musician.api),
          calls,
          options.renderWaitMs ?? 600_000,
          onChunk,
        ).catch((error: unknown) => ({ error: String(error) })),
      ),
    ),
  ]);
  await killed;

  const requests = browsed.reduce((sum, { result }) => sum + result.requests.total, 0);
  const browseErrors = browsed.reduce(
    (sum, { result }) => sum + result.errors + result.timeouts + result.non2xx,
    0,
  );
  console.log(`\nscale: ${subject.label}, ${MUSICIANS} musicians`);
  console.log(
    `  browsing (autocannon, ${BROWSE_SECONDS} s): ${(requests / BROWSE_SECONDS).toFixed(0)} requests/s, ${browseErrors} errors or non-2xx`,
  );
  for (const { list, result } of browsed) {
    console.log(
      `    ${list.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.timeouts + result.non2xx}`,
    );
  }
  for (const [call, ms] of calls.ms) {
    console.log(
      `    ${call.padEnd(44)} ${String(ms.length).padStart(6)} calls   p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(ms, 99).toFixed(0).padStart(5)} ms   errors ${calls.errors.get(call) ?? 0}`,
    );
  }

  const done = flows.filter((f): f is FlowResult => 'status' in f);
  const failedFlows = flows.filter((f): f is { error: string } => 'error' in f);
  const finished = done.filter((f) => f.finishedAt !== null);
  const lastFinish = Math.max(...finished.map((f) => f.finishedAt!));
  const minutes = (lastFinish - started) / 60_000;
  console.log(
    `  renders: ${finished.length} of ${MUSICIANS} finished (${done.filter((f) => f.status === 'VIDEO READY').length} VIDEO READY), ${(finished.length / minutes).toFixed(1)} a minute over ${(minutes * 60).toFixed(0)} s from the first sign-in`,
  );
  let intact = 0;
  for (const f of done) {
    const key = audioKeys(musicians[flows.indexOf(f)]!.userUuid, f.audioUuid).original;
    const stored = await subject.storage.get(key).then(sha256Of, () => null);
    if (stored === f.sha256) intact++;
  }
  const output = subject.jobOutput().split('\n');
  const onceEach = finished.filter(
    (f) =>
      output.filter(
        (line) => line.includes(f.renderId!) && line.includes('"msg":"render complete"'),
      ).length === 1,
  ).length;
  const retries = done.reduce((sum, f) => sum + f.retries, 0);
  console.log(
    `  uploads stored whole (SHA-256): ${intact} of ${MUSICIANS}; chunks sent again: ${retries}; renders logged complete exactly once: ${onceEach} of ${finished.length}`,
  );
  for (const f of done.filter((each) => each.status !== 'VIDEO READY'))
    console.log(`    not finished: ${f.renderId ?? f.audioUuid}: ${f.status}`);
  for (const f of failedFlows) console.log(`    failed: ${f.error.slice(0, 300)}`);
}

async function singleProcess(track: Buffer) {
  const data = await makeTempDir('scale-single');
  const server = await startServer({
    DATA_DIR: data.dir,
    WEB_DIST_DIR: path.join(data.dir, 'no-web-build'),
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
  });
  try {
    await drive(
      {
        label: 'one process (PGlite, local disk, jobs inside)',
        baseUrl: server.url,
        storage: new LocalStorage(path.join(data.dir, 'storage')),
        route: (api) => ({ api, targets: [server.url] }),
        jobOutput: () => server.output(),
      },
      track,
    );
  } finally {
    await server.stop();
    await data.remove();
  }
}

interface RenderRow {
  id: string;
  status: string;
  attempts: number;
  worker_id: string | null;
  started_at: Date | null;
  finished_at: Date | null;
}

/**
 * The renders a worker (its id from its log) runs now, waiting up to `ms` for one while no
 * track is being processed: a worker killed outright hands its renders on within a minute, but
 * an audio job it held waits for its own expiry (an hour), and so would the musician's flow.
 */
async function rendersOf(databaseUrl: string, workerId: string, ms: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + ms; Date.now() < deadline;) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM renders WHERE status = 'RENDERING' AND worker_id = $1
           AND NOT EXISTS (SELECT 1 FROM pgboss.job WHERE name = 'process-audio' AND state = 'active')`,
        [workerId],
      );
      if (rows.length > 0) return rows.map((row) => row.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  } finally {
    await client.end();
  }
}

/** How the renders a killed worker held went on: who took them, when, and how long they took. */
async function reportTakeovers(databaseUrl: string, held: string[], killedAt: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<RenderRow>(
      'SELECT id, status, attempts, worker_id, started_at, finished_at FROM renders WHERE id = ANY($1)',
      [held],
    );
    console.log(`  the killed worker held ${held.length} render(s) mid-render:`);
    for (const row of rows) {
      const after = (at: Date | null) =>
        at ? `${((at.getTime() - killedAt) / 1000).toFixed(1)} s` : '-';
      const ownSeconds =
        row.started_at && row.finished_at
          ? ((row.finished_at.getTime() - row.started_at.getTime()) / 1000).toFixed(1)
          : '-';
      console.log(
        `    ${row.id}: ${row.status} after ${row.attempts} attempts; the last started ${after(row.started_at)} after the kill, ended ${after(row.finished_at)} after it (its own render time ${ownSeconds} s)`,
      );
    }
  } finally {
    await client.end();
  }
}

const workerIdIn = (output: string) => /"workerId":"([0-9a-f-]{36})"/.exec(output)?.[1] ?? '';

async function topologyRun(track: Buffer, kill: boolean) {
  const database = await createTempDatabase(
    process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  );
  let topology: Topology | undefined;
  try {
    topology = await startTopology({ databaseUrl: database.url });
    const running = topology;
    /** When worker 2 was killed, and the renders it held then. */
    const killedWorker: { at: number; held: string[] }[] = [];
    const routing = uploadRouting();
    const label = `nginx + 2 API instances + 2 workers (PostgreSQL, S3), uploads ${routing}${kill ? ', one instance and one worker SIGKILLed mid-run' : ''}`;
    await drive(
      {
        label,
        baseUrl: running.proxyUrl,
        storage: running.storage,
        // The kill test's chunks go through nginx, which sends each to a live instance; before
        // tus on S3 they all go to the first instance, and the second is the one killed.
        route: (api) =>
          kill && routing === 'alternate'
            ? { api, targets: [running.proxyUrl] }
            : uploadTargets(running, api, routing),
        jobOutput: () => running.workerOutput(),
      },
      track,
      kill
        ? {
            renderWaitMs: RENDER_WAIT_SECONDS * 1000,
            async kill() {
              console.log('  (SIGKILL: API instance 2, then worker 2 once it is mid-render)');
              await running.instances[1]!.stop('SIGKILL');
              const worker = running.workers[1]!;
              // Mid-render if it gets one within two minutes (renders follow the uploads).
              const held = await rendersOf(database.url, workerIdIn(worker.output()), 120_000);
              await worker.stop('SIGKILL');
              killedWorker.push({ at: Date.now(), held });
              console.log(`  (worker 2 killed holding ${held.length} render(s) mid-render)`);
            },
          }
        : {},
    );
    for (const { at, held } of killedWorker) await reportTakeovers(database.url, held, at);
    if (kill) {
      const log = await running.accessLog();
      const failed = log.filter((line) => /^(50[234]|499) /.test(line));
      console.log(`  nginx: ${log.length} requests, ${failed.length} answered 502/503/504/499`);
      for (const line of failed.slice(0, 10)) console.log(`    ${line}`);
    }
  } finally {
    await topology?.stop();
    await database.remove();
  }
}

export async function benchScale(): Promise<void> {
  const temp = await makeTempDir('scale');
  try {
    const track = await makeTrack(temp.dir);
    console.log(
      `scale: ${MUSICIANS} musicians, a ${(track.length / 1e6).toFixed(1)} MB track each, ${CHUNK_BYTES / 1024} KiB chunks`,
    );
    const phases = (process.env.SCALE_PHASES ?? 'single,topology,kill').split(',');
    if (phases.includes('single')) await singleProcess(track);
    if (phases.includes('topology')) await topologyRun(track, false);
    if (phases.includes('kill')) await topologyRun(track, true);
  } finally {
    await temp.remove();
  }
}
