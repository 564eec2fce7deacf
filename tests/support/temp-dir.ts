import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function makeTempDir(
  label: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `waveframe-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
