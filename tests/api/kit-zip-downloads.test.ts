// A release kit's ZIP whose download the client drops midway: the task that fills the archive
// stops and closes the stored files it reads. Before, each dropped download left its task
// waiting forever on an archive nobody read, with its file (on S3, a socket) open.
import { randomUUID } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { KitPart } from '../../core/render/release-kit';
import { insertKit } from '../../server/repositories/release-kits.repository';
import { insertRender } from '../../server/repositories/renders.repository';
import { allowedByPlan } from '../../server/services/renders/plan-gate';
import { resolveConfiguration } from '../../server/services/renders/render-config';
import { kitZipsBuilding } from '../../server/services/renders/release-kits.service';
import type { ApiClient } from '../support/api-client';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { fetchBytes, signUp } from '../support/renders-client';
import { waitFor } from '../support/wait-for';
import { zipEntries } from '../support/zip-entries';

/** Far more than the sockets between client and server buffer, so a ZIP is cut off midway. */
const VIDEO_BYTES = 48 * 1024 * 1024;
const DROPPED = 20;

/**
 * A finished kit of one full video, as a completed render leaves it: the kit's row, its render's
 * row and the video in storage. (Rendering 48 MB of video would take minutes; the ZIP only reads
 * what is stored.)
 */
async function finishedKit(server: InProcessServer, userUuid: string): Promise<string> {
  const { context } = server;
  const part: KitPart = {
    output: 'full',
    file: 'dropped-full.mp4',
    width: 1920,
    height: 1080,
    seconds: 180,
    audio: { startSeconds: 0, endSeconds: 180 },
    sound: true,
    fadeSeconds: 0,
  };
  const kit = await insertKit(context.db, {
    id: randomUUID(),
    userUuid,
    audioUuid: null,
    audioFileName: 'dropped.wav',
    title: 'Dropped',
    template: 'retro-scope',
    feed: '4:5',
    bpm: 120,
    hookStartSeconds: 60,
    hookEndSeconds: 76,
    hookBars: 8,
    fadeSeconds: 0,
    parts: [part],
  });
  const videoKey = `users/${userUuid}/renders/${randomUUID()}/video.mp4`;
  await context.storage.put(videoKey, Readable.from([Buffer.alloc(VIDEO_BYTES, 0x5a)]));
  const settings = (
    await allowedByPlan(context.db, userUuid, [
      resolveConfiguration('visualizer', { template: 'retro-scope', fps: 30 }).settings,
    ])
  )[0]!;
  const id = randomUUID();
  await insertRender(context.db, {
    id,
    userUuid,
    kind: 'visualizer',
    template: settings.template,
    settings,
    audioUuid: null,
    audioFileName: 'dropped.wav',
    durationSeconds: part.seconds,
    status: 'COMPLETE',
    framesTotal: 1,
    framesDone: 1,
    percentComplete: 100,
    videoKey,
    jobId: id,
    kitId: kit.id,
    kitOutput: 'full',
  });
  return kit.id;
}

/** Starts the ZIP's download, reads its first bytes, then goes away. */
function dropDownload(api: ApiClient, url: string): Promise<number> {
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        hostname,
        port,
        path: url,
        headers: { cookie: [...api.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
      },
      (response) => {
        // Going away mid-body aborts the response: that is the point here, not a failure.
        response.on('error', () => {});
        response.once('data', () => {
          request.destroy();
          resolve(response.statusCode ?? 0);
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** The server's open files under its storage folder (the server runs in this process). */
async function openStoredFiles(storageDir: string): Promise<string[]> {
  const targets = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(`${storageDir}${path.sep}`));
}

describe.runIf(process.platform === 'linux')('dropped release kit ZIP downloads', () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test(`${DROPPED} downloads dropped midway leave no open file and no ZIP task`, async () => {
    const { api, userUuid } = await signUp(server.url);
    const kitId = await finishedKit(server, userUuid);
    const storageDir = path.join(server.dataDir, 'storage');
    const zipUrl = `/api/release-kits/${kitId}/zip`;
    expect(await openStoredFiles(storageDir)).toEqual([]);
    expect(kitZipsBuilding()).toBe(0);

    const statuses = await Promise.all(
      Array.from({ length: DROPPED }, () => dropDownload(api, zipUrl)),
    );
    expect(statuses).toEqual(Array(DROPPED).fill(200));

    let last = { files: 0, tasks: 0 };
    await waitFor(
      'the dropped ZIPs to close their files and end their tasks',
      async () => {
        last = { files: (await openStoredFiles(storageDir)).length, tasks: kitZipsBuilding() };
        return last.files === 0 && last.tasks === 0 ? true : undefined;
      },
      10_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${last.files} files open, ${last.tasks} tasks`);
    });

    // A download read to its end still gets the whole kit.
    const whole = await fetchBytes(api, zipUrl);
    expect(whole.status).toBe(200);
    const entries = zipEntries(whole.bytes);
    expect(entries.map((entry) => [entry.name, entry.bytes?.length])).toEqual([
      ['dropped-full.mp4', VIDEO_BYTES],
      ['kit.json', expect.any(Number)],
    ]);
    expect(await openStoredFiles(storageDir)).toEqual([]);
    expect(kitZipsBuilding()).toBe(0);
  });
});
