import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { Upload } from '@tus/utils';

export const AUDIO_UPLOADS_PATH = '/api/audio/uploads';

/**
 * Resumable audio uploads (tus protocol). Each upload is created by the server when the
 * draft is made, with the audio's id and exact size; the app then sends the bytes with PATCH,
 * resuming from the offset HEAD reports. Partial files stay in DATA_DIR/uploads until the
 * upload is finalised (moved into storage) or aborted.
 */
export class AudioUploads {
  private readonly server: Server;
  private readonly store: FileStore;
  /** The upload each request being served was authorised for, by its Node request. */
  private readonly authorisedIds = new WeakMap<IncomingMessage, string>();

  private constructor(private readonly directory: string) {
    this.store = new FileStore({ directory });
    this.server = new Server({
      path: AUDIO_UPLOADS_PATH,
      datastore: this.store,
      relativeLocation: true,
      // Only finalise and abort (our calls) remove uploads; tus DELETE of a whole file is refused.
      disableTerminationForFinishedUploads: true,
      // tus reads the id from the last segment of the whole URL, query and fragment included
      // (`<own draft>?x=/<someone else's>`): it gets the id that was authorised instead, and a
      // request nobody authorised names no upload at all.
      // The request tus passes is srvx's wrapper of the Node request, which it keeps as runtime.node.req.
      getFileIdFromRequest: (request) => {
        const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node;
        return node?.req ? this.authorisedIds.get(node.req) : undefined;
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

  static async open(dataDir: string): Promise<AudioUploads> {
    const directory = path.join(dataDir, 'uploads');
    await mkdir(directory, { recursive: true });
    return new AudioUploads(directory);
  }

  async create(id: string, size: number, fileName: string): Promise<void> {
    await this.store.create(new Upload({ id, size, offset: 0, metadata: { filename: fileName } }));
  }

  /** Bytes received so far, or null when there is no such upload. */
  async progress(id: string): Promise<{ offset: number; size: number } | null> {
    try {
      const upload = await this.store.getUpload(id);
      return { offset: upload.offset, size: upload.size ?? 0 };
    } catch {
      return null;
    }
  }

  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => {});
  }
}
