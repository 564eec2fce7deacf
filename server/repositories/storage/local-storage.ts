import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage, StoredObject } from './storage';
import { assertValidKey, assertValidPrefix, StorageNotFoundError } from './storage';

/** Files under one folder on local disk. Writes land in a temp file and are renamed into place. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly partialDir: string;

  constructor(private readonly root: string) {
    this.partialDir = path.join(root, '.partial');
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(this.partialDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const partial = path.join(this.partialDir, randomUUID());
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.stat(key))) throw new StorageNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }
}
