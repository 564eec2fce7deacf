import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export function openStorage(config: Config['storage']): Storage {
  return config.kind === 'local' ? new LocalStorage(config.dir) : new S3Storage(config);
}

/** Writes, reads back and removes a small object: proves the store works end to end. */
export async function probeStorage(storage: Storage): Promise<void> {
  const key = `health/probe-${randomUUID()}`;
  const payload = `waveframe ${new Date().toISOString()}`;
  await storage.put(key, Readable.from([Buffer.from(payload)]));
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk));
  await storage.delete(key);
  if (Buffer.concat(chunks).toString() !== payload) {
    throw new Error('storage returned different bytes than were written');
  }
}
