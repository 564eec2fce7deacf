import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error';

export interface TempFile {
  path: string;
  size: number;
  sha256: string;
  remove(): Promise<void>;
}

/**
 * Streams an upload to a temp file, hashing it on the way and stopping at maxBytes, so
 * neither memory nor disk is spent on more than the limit allows.
 */
export async function writeTempFile(
  tmpDir: string,
  body: Readable,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<TempFile> {
  const file = path.join(tmpDir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError(413, 'PayloadTooLarge', tooLargeMessage));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex'), remove: () => rm(file, { force: true }) };
}

/** Copies a stored object to a temp file, for tools that need a file path (ffmpeg, sharp). */
export async function downloadToTemp(
  tmpDir: string,
  body: Readable,
  label: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const file = path.join(tmpDir, `${label}-${randomUUID()}`);
  try {
    await pipeline(body, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, remove: () => rm(file, { force: true }) };
}
