import { constants } from 'node:fs';
import { access, chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Config } from '../../config';

const require = createRequire(import.meta.url);

export interface Binaries {
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /** Why a binary could not be found, for health and error messages. */
  problems: string[];
}

/** FFMPEG_PATH / FFPROBE_PATH when set, else the static builds shipped inside npm packages. */
export async function resolveBinaries(config: Config['ffmpeg']): Promise<Binaries> {
  const problems: string[] = [];
  const ffmpegPath = config.ffmpegPath ?? packagedBinary('@ffmpeg-installer/ffmpeg', problems);
  const ffprobePath = config.ffprobePath ?? packagedBinary('@ffprobe-installer/ffprobe', problems);
  for (const binary of [ffmpegPath, ffprobePath]) {
    if (binary) await makeExecutable(binary, problems);
  }
  return { ffmpegPath, ffprobePath, problems };
}

function packagedBinary(packageName: string, problems: string[]): string | null {
  try {
    return (require(packageName) as { path: string }).path;
  } catch (error) {
    problems.push(`${packageName} is not usable: ${(error as Error).message}`);
    return null;
  }
}

// npm 11 skips dependencies' install scripts, including the chmod that these packages run,
// so a packaged binary can arrive without its execute bit for other users.
async function makeExecutable(file: string, problems: string[]): Promise<void> {
  try {
    await access(file, constants.X_OK);
    const { mode } = await stat(file);
    if ((mode & 0o111) !== 0o111) await chmod(file, mode | 0o755);
  } catch {
    try {
      await chmod(file, 0o755);
    } catch {
      problems.push(`${file} is missing or not executable`);
    }
  }
}
