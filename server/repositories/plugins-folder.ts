// The operator's plugins folder (PLUGINS_DIR): manifest.json beside the release files it names.
// Only reads: the folder is the operator's, the server never writes there.

import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANIFEST_FILE = 'manifest.json';

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface PluginsFolder {
  dir: string;
  /** The manifest's text and stamp; null when the folder or the manifest does not exist. */
  readManifest(): Promise<{ text: string; stamp: FileStamp } | null>;
  manifestStamp(): Promise<FileStamp | null>;
  /** Size and change time of a release file (a plain name inside the folder); null if missing. */
  stamp(fileName: string): Promise<FileStamp | null>;
  /** Hex SHA-256 of a release file, read as a stream. */
  sha256(fileName: string): Promise<string>;
  open(fileName: string): ReadStream;
}

export function pluginsFolder(dir: string): PluginsFolder {
  const inside = (fileName: string) => {
    // The manifest is checked to name plain files; this is the last line against "../".
    if (path.basename(fileName) !== fileName) throw new Error(`not a plain file name: ${fileName}`);
    return path.join(dir, fileName);
  };
  const stampOf = async (file: string): Promise<FileStamp | null> => {
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    dir,
    async readManifest() {
      const stamp = await stampOf(path.join(dir, MANIFEST_FILE));
      if (!stamp) return null;
      return { text: await readFile(path.join(dir, MANIFEST_FILE), 'utf8'), stamp };
    },
    manifestStamp: () => stampOf(path.join(dir, MANIFEST_FILE)),
    stamp: (fileName) => stampOf(inside(fileName)),
    async sha256(fileName) {
      const hash = createHash('sha256');
      await pipeline(createReadStream(inside(fileName)), hash);
      return hash.digest('hex');
    },
    open: (fileName) => createReadStream(inside(fileName)),
  };
}
