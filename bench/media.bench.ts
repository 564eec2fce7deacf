import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApiClient } from '../tests/support/api-client';
import { startInProcessServer, type InProcessServer } from '../tests/support/in-process-server';
import { tusUpload, waitForAudio } from '../tests/support/media-client';
import { images } from '../server/db/schema';
import { listImages } from '../server/repositories/images.repository';
import { medianMs, report } from './measure';

async function signedIn(server: InProcessServer): Promise<ApiClient> {
  const api = new ApiClient(server.url);
  await api.hail();
  await api.post('/api/auth/sign-up', {
    email: `bench${Date.now()}@example.com`,
    password1: 'benchpw',
    password2: 'benchpw',
  });
  return api;
}

/** Upload throughput on loopback: tus (our upload path) against a bare HTTP PUT to a file. */
async function benchUpload(server: InProcessServer, api: ApiClient): Promise<void> {
  const data = randomBytes(200 * 1024 * 1024);
  const target = path.join(server.dataDir, 'plain-put.bin');
  const plain = http.createServer((request, response) => {
    void pipeline(request, createWriteStream(target)).then(() => response.end('ok'));
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  const port = (plain.address() as { port: number }).port;
  let started = performance.now();
  await fetch(`http://127.0.0.1:${port}/`, { method: 'PUT', body: data });
  const baseline = performance.now() - started;
  plain.close();
  await rm(target);

  const draft = await api.post('/api/audio/add-audio-draft', {
    file_name: 'bench.bin',
    file_size: data.length,
    mimetype: 'audio/wav',
  });
  started = performance.now();
  await tusUpload(api, draft.body.upload_url, data, { chunkSize: 50 * 1024 * 1024 });
  const subject = performance.now() - started;
  await api.post('/api/audio/add-audio-abort', { audio_uuid: draft.body.audio_uuid });
  const mbps = (ms: number) => (data.length / 1024 / 1024 / (ms / 1000)).toFixed(0);
  report(
    `tus upload 200 MB (${mbps(subject)} MB/s)`,
    subject,
    `plain HTTP PUT (${mbps(baseline)} MB/s)`,
    baseline,
  );
}

/** A test track: a chord with noise, made by ffmpeg, as MP3 at 128 kbit/s. */
async function makeTrack(server: InProcessServer, minutes: number): Promise<string> {
  const file = path.join(server.dataDir, `track-${minutes}min.mp3`);
  await server.context.ffmpeg.run([
    ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${minutes * 60}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:duration=${minutes * 60}`],
    ...['-filter_complex', 'amix=inputs=2', '-ac', '2', '-b:a', '128k', file],
  ]);
  return file;
}

/** Processes one track through the API; answers wall time and the process's peak RSS growth. */
async function processTrack(server: InProcessServer, api: ApiClient, file: string) {
  const data = await readFile(file);
  const draft = await api.post('/api/audio/add-audio-draft', {
    file_name: path.basename(file),
    file_size: data.length,
    mimetype: 'audio/mpeg',
  });
  await tusUpload(api, draft.body.upload_url, data, { chunkSize: 50 * 1024 * 1024 });
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  await api.post('/api/audio/add-audio-finalize', { audio_uuid: draft.body.audio_uuid });
  const status = await waitForAudio(api, draft.body.audio_uuid, 30 * 60_000);
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (status.core_processing_status !== 'COMPLETE')
    throw new Error(`processing failed: ${status.error}`);
  return { ms, peakGrowthMb: (peak - before) / 1024 / 1024 };
}

/**
 * Audio processing per minute of audio, against decoding the same file alone with ffmpeg, and
 * the peak memory of processing a 10-minute and a 3-hour track: it must not grow with length.
 */
async function benchProcessing(server: InProcessServer, api: ApiClient): Promise<void> {
  const short = await makeTrack(server, 10);
  const started = performance.now();
  await server.context.ffmpeg.run(['-i', short, '-ac', '1', '-ar', '44100', '-f', 'null', '-']);
  const decodeOnly = performance.now() - started;
  const shortRun = await processTrack(server, api, short);
  report('process-audio, 10 min track', shortRun.ms, 'ffmpeg decode alone', decodeOnly);
  console.log(`  processing takes ${(shortRun.ms / 1000 / 10).toFixed(2)} s per minute of audio`);

  const long = await makeTrack(server, 180);
  const longRun = await processTrack(server, api, long);
  console.log(
    `  peak memory growth while processing: 10 min ${shortRun.peakGrowthMb.toFixed(0)} MB, 3 h (${((await stat(long)).size / 1024 / 1024).toFixed(0)} MB file) ${longRun.peakGrowthMb.toFixed(0)} MB; 3 h took ${(longRun.ms / 1000).toFixed(0)} s (${(longRun.ms / 1000 / 180).toFixed(2)} s per minute)`,
  );
}

/** Listing 10,000 images through the API against selecting the same rows from the database. */
async function benchLargeList(server: InProcessServer, api: ApiClient): Promise<void> {
  const userUuid = (await api.get('/api/auth/user')).body.user.user_uuid as string;
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    userUuid,
    imageName: `image ${i}`,
    imageType: 'background' as const,
    status: 'COMPLETE' as const,
    originalKey: `users/${userUuid}/images/${i}/original`,
    mimetype: 'image/webp',
    fileSize: 1000 + i,
    sha256: `${i}`.padStart(64, '0'),
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await server.context.db.insert(images).values(rows.slice(i, i + 1000));
  const baseline = await medianMs(5, async () => {
    await listImages(server.context.db, userUuid);
  });
  const subject = await medianMs(5, async () => {
    const answer = await api.get('/api/user-workspace/get-user-images');
    if (answer.body.images.length !== 10_000) throw new Error('wrong count');
  });
  report('GET get-user-images, 10,000 images', subject, 'the same SELECT alone', baseline);
}

export async function benchMedia(): Promise<void> {
  const server = await startInProcessServer({ QUEUE_POLL_INTERVAL_SECONDS: '0.5' });
  try {
    const api = await signedIn(server);
    await benchLargeList(server, api);
    await benchUpload(server, api);
    await benchProcessing(server, api);
  } finally {
    await server.stop();
  }
}
