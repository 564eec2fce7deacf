import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerErrorHandling } from '../../../server/http/error-handling';
import { sendStoredObject } from '../../../server/http/send-stored-object';
import { LocalStorage } from '../../../server/repositories/storage/local-storage';
import { S3Storage } from '../../../server/repositories/storage/s3-storage';
import { StorageNotFoundError, type Storage } from '../../../server/repositories/storage/storage';
import { makeTempDir } from '../../support/temp-dir';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes made chunk by chunk, never whole in memory. */
function generated(size: number, seed: string): { stream: Readable; sha256: Promise<string> } {
  const hash = createHash('sha256');
  let resolve!: (value: string) => void;
  const sha256 = new Promise<string>((r) => (resolve = r));
  let sent = 0;
  let counter = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) {
        resolve(hash.digest('hex'));
        this.push(null);
        return;
      }
      const block = createHash('sha512').update(`${seed}:${counter++}`).digest();
      const chunk = Buffer.concat(Array.from({ length: 1024 }, () => block)).subarray(
        0,
        Math.min(65536, size - sent),
      );
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256 };
}

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
};

interface Subject {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const subjects: Subject[] = [
  {
    name: 'local disk',
    async open() {
      const temp = await makeTempDir('storage');
      return { storage: new LocalStorage(temp.dir), close: temp.remove };
    },
  },
  {
    // s3rver speaks the S3 REST protocol on a local port; the real AWS SDK client talks to it.
    name: 'S3 (s3rver)',
    async open() {
      const temp = await makeTempDir('s3');
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: temp.dir,
        configureBuckets: [{ name: 'media', configs: [] }],
      });
      const { port } = await server.run();
      const storage = new S3Storage({
        kind: 's3',
        bucket: 'media',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        storage,
        async close() {
          storage.destroy();
          await server.close();
          await temp.remove();
        },
      };
    },
  },
];

describe.each(subjects)('storage on $name', (subject) => {
  let storage: Storage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, close } = await subject.open());
  });
  afterAll(() => close?.());

  test('stores a stream and reads it back, whole and by byte range', async () => {
    await storage.put('audio/one/original.bin', Readable.from([Buffer.from('0123456789')]));
    expect(await storage.stat('audio/one/original.bin')).toEqual({ size: 10 });
    expect((await readAll(await storage.get('audio/one/original.bin'))).toString()).toBe(
      '0123456789',
    );
    expect(
      (await readAll(await storage.get('audio/one/original.bin', { start: 3, end: 5 }))).toString(),
    ).toBe('345');
  });

  test('streams a 20 MB file in and out unchanged', async () => {
    const source = generated(20 * 1024 * 1024 + 123, 'big');
    const stored = await storage.put('videos/big.mp4', source.stream);
    expect(stored.size).toBe(20 * 1024 * 1024 + 123);
    expect(await sha256Of(await storage.get('videos/big.mp4'))).toBe(await source.sha256);
  }, 60_000);

  test('a missing object: stat is null, get throws StorageNotFoundError, delete is fine', async () => {
    expect(await storage.stat('nothing/here')).toBeNull();
    await expect(storage.get('nothing/here')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('nothing/here')).resolves.toBeUndefined();
  });

  test('deletePrefix removes a folder and nothing beside it', async () => {
    await storage.put('users/u1/a.txt', Readable.from([Buffer.from('a')]));
    await storage.put('users/u1/deep/b.txt', Readable.from([Buffer.from('b')]));
    await storage.put('users/u10/c.txt', Readable.from([Buffer.from('c')]));
    await storage.deletePrefix('users/u1/');
    expect(await storage.stat('users/u1/a.txt')).toBeNull();
    expect(await storage.stat('users/u1/deep/b.txt')).toBeNull();
    expect(await storage.stat('users/u10/c.txt')).toEqual({ size: 1 });
  });

  test('keys that could escape the store are refused', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '.hidden', 'a b']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(
        'Invalid storage key',
      );
    }
  });
});

describe('local storage writes', () => {
  test('a failed upload leaves neither the object nor a partial file', async () => {
    const temp = await makeTempDir('partial');
    const storage = new LocalStorage(temp.dir);
    try {
      const failing = new Readable({
        read() {
          this.push(randomBytes(1000));
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(storage.put('audio/x/original.mp3', failing)).rejects.toThrow('connection lost');
      expect(await storage.stat('audio/x/original.mp3')).toBeNull();
      expect(await readdir(path.join(temp.dir, '.partial'))).toEqual([]);
    } finally {
      await temp.remove();
    }
  });
});

describe('sendStoredObject: downloads honour HTTP Range requests', () => {
  let app: FastifyInstance;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    temp = await makeTempDir('range');
    const storage = new LocalStorage(temp.dir);
    await storage.put('videos/v.mp4', Readable.from([Buffer.from('abcdefghijklmnopqrstuvwxyz')]));
    app = Fastify();
    registerErrorHandling(app);
    app.get<{ Params: { name: string } }>('/files/:name', (request, reply) =>
      sendStoredObject(reply, storage, `videos/${request.params.name}`, {
        contentType: 'video/mp4',
        rangeHeader: request.headers.range,
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await temp.remove();
  });

  test('no Range: 200 with the whole file and Accept-Ranges', async () => {
    const response = await app.inject({ url: '/files/v.mp4' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe('26');
    expect(response.body).toBe('abcdefghijklmnopqrstuvwxyz');
  });

  test('a Range: 206 with Content-Range and just those bytes', async () => {
    const response = await app.inject({ url: '/files/v.mp4', headers: { range: 'bytes=2-5' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 2-5/26');
    expect(response.body).toBe('cdef');
    const tail = await app.inject({ url: '/files/v.mp4', headers: { range: 'bytes=-3' } });
    expect(tail.body).toBe('xyz');
  });

  test('a Range past the end: 416 with the size', async () => {
    const response = await app.inject({ url: '/files/v.mp4', headers: { range: 'bytes=26-' } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */26');
  });

  test('a missing file: 404 JSON', async () => {
    const response = await app.inject({ url: '/files/none.mp4' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ exc: 'NotFound', message: 'That file does not exist.' });
  });
});
