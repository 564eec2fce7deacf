import { open } from 'node:fs/promises';

/** The top-level box types of an MP4 file, in file order (ftyp, moov, mdat, ...). */
export async function topLevelAtoms(file: string): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const atoms: string[] = [];
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - offset;
      if (length < 8) throw new Error(`Broken MP4 box at ${offset}`);
      atoms.push(type);
      offset += length;
    }
    return atoms;
  } finally {
    await handle.close();
  }
}
