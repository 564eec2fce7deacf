// Reads a ZIP's central directory (no ZIP64): each entry's name, sizes, method and its bytes
// when stored, so tests check what a download holds without an unzip tool.

export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  /** The entry's bytes when it is stored as it is (method 0). */
  bytes: Buffer | null;
}

export function zipEntries(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc32 = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const bytes = method === 0 ? zip.subarray(dataAt, dataAt + compressedSize) : null;
    entries.push({ name, method, compressedSize, size, crc32, bytes });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
