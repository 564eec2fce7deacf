import { CopyObjectCommand, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server } from '@tus/server';
import { Upload, type DataStore, type KvStore, type Locker } from '@tus/utils';
import type { Config } from '../config';
import { s3ClientConfig, type S3Config } from './storage/s3-storage';
import type { Storage } from './storage/storage';
import { PostgresLocker } from './upload-locker';

export const AUDIO_UPLOADS_PATH = '/api/audio/uploads';

/** Where the bytes of uploads in progress live: one store, local disk or the S3 bucket. */
interface UploadStore {
  readonly datastore: DataStore & { read(id: string): Readable | Promise<Readable> };
  /** The store's name of the upload `id` (the S3 key of its object). */
  key(id: string): string;
  /** Puts the completed upload into storage under `key`. */
  keep(id: string, storage: Storage, key: string): Promise<void>;
  /** Removes the upload and everything the store kept of it; a missing one is no error. */
  remove(id: string): Promise<void>;
  close(): void;
}

/** DATA_DIR/uploads on this machine: the one-process default. */
function fileUploadStore(directory: string): UploadStore {
  const datastore = new FileStore({ directory });
  return {
    datastore,
    key: (id) => id,
    async keep(id, storage, key) {
      await storage.put(key, datastore.read(id));
    },
    remove: (id) => datastore.remove(id).catch(() => {}),
    close() {},
  };
}

/**
 * The metadata cache of S3Store, off: an instance must not answer from what it read before
 * another instance wrote or removed the upload (one small GET per request instead).
 */
const noCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
  list: async () => [],
};

/**
 * The storage bucket, under tus-uploads/: every instance reads and writes the same upload.
 * Parts are multipart-uploaded as they arrive (tus's S3 store; pieces under S3's 5 MiB minimum
 * wait in a `.part` object); a finished upload is copied into storage inside S3.
 */
function s3UploadStore(config: S3Config): UploadStore {
  const datastore = new S3Store({
    s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
    cache: noCache,
  });
  const client = new S3Client(s3ClientConfig(config));
  const key = (id: string) => `tus-uploads/${id}`;
  return {
    datastore,
    key,
    async keep(id, _storage, target) {
      // Same bucket as storage (both come from the S3_* settings): S3 copies without the bytes
      // passing through this server. CopyObject takes up to 5 GB, far above the upload limits.
      await client.send(
        new CopyObjectCommand({
          Bucket: config.bucket,
          CopySource: `${config.bucket}/${key(id)}`,
          Key: target,
        }),
      );
    },
    async remove(id) {
      // Aborts the multipart upload where one is still open, then removes the objects whether
      // or not it was (S3Store.remove stops at a completed upload and leaves its `.part`).
      await datastore.remove(key(id)).catch(() => {});
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: {
            Objects: [key(id), `${key(id)}.info`, `${key(id)}.part`].map((Key) => ({ Key })),
            Quiet: true,
          },
        }),
      );
    },
    close: () => client.destroy(),
  };
}

/**
 * Resumable audio uploads (tus protocol). Each upload is created by the server when the
 * draft is made, with the audio's id and exact size; the app then sends the bytes with PATCH,
 * resuming from the offset HEAD reports. Partial uploads stay in DATA_DIR/uploads, or in the S3
 * bucket when storage is S3, until the upload is finalised (moved into storage) or aborted.
 * With PostgreSQL, requests on one upload are serialised across instances (PostgresLocker).
 */
export class AudioUploads {
  private readonly server: Server;
  /** The upload each request being served was authorised for, by its Node request. */
  private readonly authorisedIds = new WeakMap<IncomingMessage, string>();

  private constructor(
    private readonly store: UploadStore,
    private readonly locker: PostgresLocker | null,
  ) {
    this.server = new Server({
      path: AUDIO_UPLOADS_PATH,
      datastore: store.datastore,
      // Without PostgreSQL there is one process: tus's own MemoryLocker serialises it.
      ...(locker ? { locker: locker satisfies Locker } : {}),
      relativeLocation: true,
      // Only finalise and abort (our calls) remove uploads; tus DELETE of a whole file is refused.
      disableTerminationForFinishedUploads: true,
      // tus reads the id from the last segment of the whole URL, query and fragment included
      // (`<own draft>?x=/<someone else's>`): it gets the id that was authorised instead, and a
      // request nobody authorised names no upload at all.
      // The request tus passes is srvx's wrapper of the Node request, which it keeps as runtime.node.req.
      getFileIdFromRequest: (request) => {
        const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node;
        const id = node?.req ? this.authorisedIds.get(node.req) : undefined;
        return id === undefined ? undefined : store.key(id);
      },
    });
  }

  /**
   * Serves one tus request (HEAD, PATCH, OPTIONS) on the upload `id`, which the caller has
   * checked the user may write to; the request's URL is not read for the id again.
   */
  async handle(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    this.authorisedIds.set(request, id);
    try {
      await this.server.handle(request, response);
    } finally {
      this.authorisedIds.delete(request);
    }
  }

  static async open(config: Pick<Config, 'dataDir' | 'storage' | 'database' | 'uploads'>) {
    let store: UploadStore;
    if (config.storage.kind === 's3') {
      store = s3UploadStore(config.storage);
    } else {
      const directory = path.join(config.dataDir, 'uploads');
      await mkdir(directory, { recursive: true });
      store = fileUploadStore(directory);
    }
    const locker =
      config.database.kind === 'postgres'
        ? new PostgresLocker({
            url: config.database.url,
            maxLocks: config.uploads.lockConnections,
          })
        : null;
    return new AudioUploads(store, locker);
  }

  async create(id: string, size: number, fileName: string): Promise<void> {
    await this.store.datastore.create(
      new Upload({ id: this.store.key(id), size, offset: 0, metadata: { filename: fileName } }),
    );
  }

  /** Bytes received so far, or null when there is no such upload. */
  async progress(id: string): Promise<{ offset: number; size: number } | null> {
    try {
      const upload = await this.store.datastore.getUpload(this.store.key(id));
      return { offset: upload.offset, size: upload.size ?? 0 };
    } catch {
      return null;
    }
  }

  /** The bytes of a completed upload, streamed from wherever the store keeps them. */
  async read(id: string): Promise<Readable> {
    return this.store.datastore.read(this.store.key(id));
  }

  /** Puts the completed upload into storage under `key` (inside S3 where both are there). */
  keep(id: string, storage: Storage, key: string): Promise<void> {
    return this.store.keep(id, storage, key);
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id);
  }

  async close(): Promise<void> {
    this.store.close();
    await this.locker?.close();
  }
}
