import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server } from '@tus/server';
import { Upload, type DataStore, type KvStore, type Locker } from '@tus/utils';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import { s3ClientConfig, type S3Config } from './storage/s3-storage';
import type { Storage } from './storage/storage';
import { PostgresLocker } from './upload-locker';

export const AUDIO_UPLOADS_PATH = '/api/audio/uploads';

/**
 * How long an upload may stay unfinished. tus announces it (Upload-Expires) and refuses the
 * upload after it (410, and the app sends the file again); the daily sweep removes what is
 * older, on disk and in S3 (removeAbandonedUploads).
 */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/** What the user is told when the store of uploads fails (the log says which call and why). */
export const UPLOAD_STORAGE_FAULT =
  'Uploads are not working on the server right now: its storage refused a request. Try again later.';

/** The S3 calls tus's S3 store and the sweep make on multipart uploads, checked at start. */
export const MULTIPART_OPERATIONS = [
  'CreateMultipartUpload',
  'UploadPart',
  'ListParts',
  'ListMultipartUploads',
  'AbortMultipartUpload',
] as const;

/** Where the bytes of uploads in progress live: one store, local disk or the S3 bucket. */
interface UploadStore {
  readonly datastore: DataStore & { read(id: string): Readable | Promise<Readable> };
  /** The store's name of the upload `id` (the S3 key of its object). */
  key(id: string): string;
  /** Puts the completed upload into storage under `key`. */
  keep(id: string, storage: Storage, key: string): Promise<void>;
  /** Removes the upload and everything the store kept of it; a missing one is no error. */
  remove(id: string): Promise<void>;
  /** Removes every upload begun before `before`, whoever's it was; answers how many. */
  removeStartedBefore(before: Date): Promise<number>;
  /** The calls uploads need that the store refuses (with its answer), none when all work. */
  check(): Promise<{ operation: string; error: string }[]>;
  close(): void;
}

/** DATA_DIR/uploads on this machine: the one-process default. */
function fileUploadStore(directory: string): UploadStore {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  // The bytes in `<id>`, tus's record (size, file name, creation_date) in `<id>.json`. Both
  // go, whichever is missing (FileStore.remove keeps the record when the bytes are gone).
  const remove = async (id: string) => {
    await rm(path.join(directory, id), { force: true });
    await rm(path.join(directory, `${id}.json`), { force: true });
  };
  /** When the upload began: its record's creation_date, else when its file last changed. */
  const startedAt = async (id: string): Promise<Date | null> => {
    try {
      const record = JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as {
        creation_date?: string;
      };
      if (record.creation_date) return new Date(record.creation_date);
    } catch {
      // No record (or a torn one): the file's own time says how old it is.
    }
    const info = await stat(path.join(directory, id)).catch(() => null);
    return info?.mtime ?? null;
  };
  return {
    datastore,
    key: (id) => id,
    async keep(id, storage, key) {
      await storage.put(key, datastore.read(id));
    },
    remove,
    async removeStartedBefore(before) {
      const names = await readdir(directory).catch(() => [] as string[]);
      const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
      let removed = 0;
      for (const id of ids) {
        const started = await startedAt(id);
        if (started && started < before) {
          await remove(id);
          removed += 1;
        }
      }
      return removed;
    },
    check: async () => [],
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
 * Names the S3 call on every error an S3 client throws (`operation`), so that a log can say
 * which call the store refused; the SDK's errors name only S3's answer.
 */
function nameFailedOperations(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (error && typeof error === 'object' && context.commandName)
          Object.assign(error, { operation: context.commandName.replace(/Command$/, '') });
        throw error;
      }
    },
    { step: 'initialize', name: 'waveframeNameFailedOperation' },
  );
}

/** The S3 call an error came from (nameFailedOperations), when it came from one. */
export function failedOperation(error: unknown): string | undefined {
  const operation = (error as { operation?: unknown } | null)?.operation;
  return typeof operation === 'string' ? operation : undefined;
}

/** S3's short answer in an error (its code and message), for logs. */
const s3Answer = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

const UPLOADS_PREFIX = 'tus-uploads/';

/**
 * The storage bucket, under tus-uploads/: every instance reads and writes the same upload.
 * Parts are multipart-uploaded as they arrive (tus's S3 store; pieces under S3's 5 MiB minimum
 * wait in a `.part` object); a finished upload is copied into storage inside S3.
 */
function s3UploadStore(config: S3Config): UploadStore {
  const datastore = new S3Store({
    s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
    cache: noCache,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Expiry is our sweep's (removeStartedBefore), not a bucket lifecycle rule on tags: many
    // S3-compatible stores have no object tags.
    useTags: false,
  });
  // S3Store keeps its client to itself (protected): its errors are named all the same.
  nameFailedOperations((datastore as unknown as { client: S3Client }).client);
  const client = new S3Client(s3ClientConfig(config));
  nameFailedOperations(client);
  const bucket = config.bucket;
  const key = (id: string) => `${UPLOADS_PREFIX}${id}`;
  const objectsOf = (uploadKey: string) =>
    [uploadKey, `${uploadKey}.info`, `${uploadKey}.part`].map((Key) => ({ Key }));
  const deleteObjects = (Objects: { Key: string }[]) =>
    client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));

  /** Each open multipart upload under tus-uploads/, with when it began. */
  async function* openMultipartUploads() {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: UPLOADS_PREFIX,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? [])
        if (upload.Key && upload.UploadId && upload.Initiated)
          yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated };
      if (!page.IsTruncated) return;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** The upload keys under tus-uploads/ with the time of their oldest object. */
  async function objectsByUpload(): Promise<Map<string, Date>> {
    const oldest = new Map<string, Date>();
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: UPLOADS_PREFIX,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified) continue;
        const uploadKey = object.Key.replace(/\.(info|part)$/, '');
        const known = oldest.get(uploadKey);
        if (!known || object.LastModified < known) oldest.set(uploadKey, object.LastModified);
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return oldest;
  }

  return {
    datastore,
    key,
    async keep(id, _storage, target) {
      // Same bucket as storage (both come from the S3_* settings): S3 copies without the bytes
      // passing through this server. CopyObject takes up to 5 GB, far above the upload limits.
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          CopySource: `${bucket}/${key(id)}`,
          Key: target,
        }),
      );
    },
    async remove(id) {
      // Aborts the multipart upload where one is still open, then removes the objects whether
      // or not it was (S3Store.remove stops at a completed upload and leaves its `.part`).
      await datastore.remove(key(id)).catch(() => {});
      await deleteObjects(objectsOf(key(id)));
    },
    async removeStartedBefore(before) {
      const removed = new Set<string>();
      // Open multipart uploads first: one whose `.info` is gone is found only here, and S3
      // keeps (and bills) its parts until it is aborted.
      for await (const upload of openMultipartUploads()) {
        if (upload.initiated >= before) continue;
        await client.send(
          new AbortMultipartUploadCommand({
            Bucket: bucket,
            Key: upload.key,
            UploadId: upload.uploadId,
          }),
        );
        await deleteObjects(objectsOf(upload.key));
        removed.add(upload.key);
      }
      // Then what is left of older ones: a finished upload nobody finalised, a stray `.part`.
      for (const [uploadKey, oldest] of await objectsByUpload()) {
        if (oldest >= before || removed.has(uploadKey)) continue;
        await datastore.remove(uploadKey).catch(() => {});
        await deleteObjects(objectsOf(uploadKey));
        removed.add(uploadKey);
      }
      return removed.size;
    },
    async check() {
      // A small multipart upload of its own, taken through each call and aborted: an S3 that
      // lacks one (s3rver has no ListParts) is named at start, not found out upload by upload.
      const refused: { operation: string; error: string }[] = [];
      const probe = `${UPLOADS_PREFIX}storage-check-${randomUUID()}`;
      const attempt = async (operation: string, call: () => Promise<unknown>) => {
        try {
          await call();
          return true;
        } catch (error) {
          refused.push({ operation, error: s3Answer(error) });
          return false;
        }
      };
      let uploadId: string | undefined;
      const created = await attempt('CreateMultipartUpload', async () => {
        uploadId = (
          await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: probe }))
        ).UploadId;
      });
      if (!created || !uploadId) return refused;
      const upload = { Bucket: bucket, Key: probe, UploadId: uploadId };
      await attempt('UploadPart', () =>
        client.send(new UploadPartCommand({ ...upload, PartNumber: 1, Body: 'check' })),
      );
      await attempt('ListParts', () => client.send(new ListPartsCommand(upload)));
      await attempt('ListMultipartUploads', () =>
        client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: probe })),
      );
      await attempt('AbortMultipartUpload', () =>
        client.send(new AbortMultipartUploadCommand(upload)),
      );
      return refused;
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
    private readonly log: Logger,
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
      getFileIdFromRequest: (request) => {
        const id = this.authorisedIdOf(request);
        return id === undefined ? undefined : store.key(id);
      },
      // tus answers what it does not know with a bare 500 and logs nothing: a store that
      // refuses a call is logged with the call's name and answered as a storage fault.
      onResponseError: (request, error) => {
        if ('status_code' in error) return undefined;
        const fault = this.storageFault(error, this.authorisedIdOf(request));
        return fault ? { status_code: fault.statusCode, body: `${fault.message}\n` } : undefined;
      },
    });
  }

  /** The upload id authorised for a request tus passes: srvx's wrapper keeps the Node request. */
  private authorisedIdOf(request: unknown): string | undefined {
    const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node;
    return node?.req ? this.authorisedIds.get(node.req) : undefined;
  }

  /**
   * Logs a failure of the store with the call that failed; answers the 503 the user gets when
   * it was a call to S3 (anything else keeps tus's own answer).
   */
  private storageFault(error: unknown, uploadId: string | undefined): AppError | undefined {
    const operation = failedOperation(error);
    this.log.error(
      { err: error, operation, uploadId },
      operation
        ? `upload storage refused ${operation}: ${s3Answer(error)}`
        : 'upload request failed in the store',
    );
    return operation ? new AppError(503, 'StorageFault', UPLOAD_STORAGE_FAULT) : undefined;
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

  /**
   * Opens the store of uploads and checks it can take one (the S3 calls tus needs): a store
   * that cannot is named in the log at start, and the server still starts (storage itself may
   * work; health and every upload say what is wrong).
   */
  static async open(
    config: Pick<Config, 'dataDir' | 'storage' | 'database' | 'uploads'>,
    log: Logger,
  ) {
    let store: UploadStore;
    if (config.storage.kind === 's3') {
      store = s3UploadStore(config.storage);
    } else {
      const directory = path.join(config.dataDir, 'uploads');
      await mkdir(directory, { recursive: true });
      store = fileUploadStore(directory);
    }
    const refused = await store.check();
    if (refused.length > 0) {
      const names = refused.map((call) => call.operation).join(', ');
      log.error(
        { refused },
        `S3 storage refuses ${names}, which resumable uploads need: every upload will fail until it has them`,
      );
    }
    const locker =
      config.database.kind === 'postgres'
        ? new PostgresLocker({
            url: config.database.url,
            maxLocks: config.uploads.lockConnections,
          })
        : null;
    return new AudioUploads(store, locker, log);
  }

  async create(id: string, size: number, fileName: string): Promise<void> {
    await this.store.datastore.create(
      new Upload({ id: this.store.key(id), size, offset: 0, metadata: { filename: fileName } }),
    );
  }

  /**
   * Bytes received so far, or null when there is no such upload. A store that fails otherwise
   * is a 503 (StorageFault), never "no such upload": the user would be told it expired.
   */
  async progress(id: string): Promise<{ offset: number; size: number } | null> {
    try {
      const upload = await this.store.datastore.getUpload(this.store.key(id));
      return { offset: upload.offset, size: upload.size ?? 0 };
    } catch (error) {
      // tus's own "not found" and "no longer exists" (404, 410): the upload is gone.
      const status = (error as { status_code?: unknown } | null)?.status_code;
      if (status === 404 || status === 410) return null;
      throw this.storageFault(error, id) ?? new AppError(503, 'StorageFault', UPLOAD_STORAGE_FAULT);
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

  /** Removes every upload begun before `before` (abandoned, or left by a deleted draft). */
  removeStartedBefore(before: Date): Promise<number> {
    return this.store.removeStartedBefore(before);
  }

  async close(): Promise<void> {
    this.store.close();
    await this.locker?.close();
  }
}
