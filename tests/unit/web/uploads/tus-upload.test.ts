// The app's tus sender (src/api/tus-upload.ts, used by pages and the service worker) against a
// real tus server (@tus/server with its file store, as the API uses it): chunks, progress per
// chunk, a pause between chunks, resuming from the server's offset, and another sender's bytes.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import { sendWithTus, TusPaused } from '../../../../src/api/tus-upload';
import { makeTempDir } from '../../../support/temp-dir';

describe('the tus sender', () => {
  let folder: Awaited<ReturnType<typeof makeTempDir>>;
  let store: FileStore;
  let http: HttpServer;
  let base: string;
  const patches: number[] = [];
  /** Runs before the server takes the next PATCH (another sender getting there first). */
  let beforeNextPatch: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    folder = await makeTempDir('tus-sender');
    store = new FileStore({ directory: folder.dir });
    const tus = new Server({ path: '/files', datastore: store });
    http = createServer((request, response) => {
      const hook = request.method === 'PATCH' ? beforeNextPatch : null;
      beforeNextPatch = null;
      if (request.method === 'PATCH') patches.push(Number(request.headers['content-length']));
      void (hook ?? (async () => undefined))().then(() => tus.handle(request, response));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/files`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await folder.remove();
  });

  async function upload(size: number) {
    const id = randomBytes(8).toString('hex');
    await store.create(new Upload({ id, size, offset: 0 }));
    return { id, url: `${base}/${id}`, bytes: randomBytes(size) };
  }
  const held = async (id: string) => (await store.getUpload(id)).offset;

  it('sends the file a chunk at a time, reporting each', async () => {
    const { id, url, bytes } = await upload(250_000);
    const progress: number[] = [];
    patches.length = 0;
    await sendWithTus(new Blob([bytes]), url, {
      chunkBytes: 100_000,
      onProgress: (sent) => progress.push(sent),
      signal: new AbortController().signal,
    });
    expect(progress).toEqual([0, 100_000, 200_000, 250_000]);
    expect(patches).toEqual([100_000, 100_000, 50_000]);
    expect(await held(id)).toBe(250_000);
  });

  it('pauses between two chunks when asked, and a new start goes on from the server’s offset', async () => {
    const { id, url, bytes } = await upload(300_000);
    let chunks = 0;
    patches.length = 0;
    const paused = sendWithTus(new Blob([bytes]), url, {
      chunkBytes: 100_000,
      onProgress: () => undefined,
      signal: new AbortController().signal,
      shouldPause: () => chunks++ >= 1,
    });
    await expect(paused).rejects.toBeInstanceOf(TusPaused);
    expect(await held(id)).toBe(100_000);
    const progress: number[] = [];
    await sendWithTus(new Blob([bytes]), url, {
      chunkBytes: 100_000,
      onProgress: (sent) => progress.push(sent),
      signal: new AbortController().signal,
    });
    expect(progress[0]).toBe(100_000);
    // Every byte once: nothing sent twice.
    expect(patches.reduce((sum, each) => sum + each, 0)).toBe(300_000);
    expect(await held(id)).toBe(300_000);
  });

  it('bytes another sender added meanwhile are not sent again', async () => {
    const { id, url, bytes } = await upload(200_000);
    // Between this sender's HEAD and its first PATCH, another one (an older worker) sends the
    // first chunk: the PATCH at the old offset is refused (409) and the sender asks again.
    beforeNextPatch = async () => {
      await store.write(Readable.from([bytes.subarray(0, 100_000)]), id, 0);
    };
    const progress: number[] = [];
    patches.length = 0;
    await sendWithTus(new Blob([bytes]), url, {
      chunkBytes: 100_000,
      onProgress: (sent) => progress.push(sent),
      signal: new AbortController().signal,
    });
    expect(progress).toEqual([0, 100_000, 200_000]);
    expect(await held(id)).toBe(200_000);
    const stored = await readFile(path.join(folder.dir, id));
    expect(stored.equals(bytes)).toBe(true);
  });

  it('an upload the server no longer has is an ApiError with its status', async () => {
    const failure = sendWithTus(new Blob([randomBytes(10)]), `${base}/gone`, {
      chunkBytes: 100_000,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });
});
