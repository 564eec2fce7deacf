import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from '../server/repositories/storage/local-storage';
import { makeTempDir } from '../tests/support/temp-dir';
import { medianMs, report } from './measure';

const SIZE = 256 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 7);

function source(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) return void this.push(null);
      sent += CHUNK.length;
      this.push(CHUNK);
    },
  });
}

/** Storing a 256 MB upload through LocalStorage against a bare stream-to-file copy. */
export async function benchStorage(): Promise<void> {
  const temp = await makeTempDir('bench-storage');
  try {
    const storage = new LocalStorage(temp.dir);
    const baselineFile = path.join(temp.dir, 'baseline.bin');
    const baseline = await medianMs(5, async () => {
      await pipeline(source(), createWriteStream(baselineFile));
      await rm(baselineFile);
    });
    const subject = await medianMs(5, async () => {
      await storage.put('bench/object.bin', source());
      await storage.delete('bench/object.bin');
    });
    report(
      'LocalStorage.put 256 MB (temp file + rename)',
      subject,
      'plain pipeline to a file',
      baseline,
    );
  } finally {
    await temp.remove();
  }
}
