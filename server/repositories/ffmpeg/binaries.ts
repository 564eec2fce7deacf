import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../config';

const require = createRequire(import.meta.url);

export interface Binaries {
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /**
   * The ffmpeg of long raw-frame encodes (the frame thread's): FFMPEG_PATH, else a system
   * ffmpeg, else ffmpegPath (see resolveBinaries).
   */
  frameEncoderPath: string | null;
  /** Where that one came from: FFMPEG_PATH, the system's PATH, or the npm package. */
  frameEncoderFrom: 'FFMPEG_PATH' | 'PATH' | 'package' | null;
  /** Why a binary could not be found, for health and error messages. */
  problems: string[];
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set, else the static builds shipped inside npm packages,
 * which start in about 12 ms: most of the pipeline's ffmpeg runs are short (thumbnails, stills,
 * probes, stream copies).
 *
 * The frame thread's long encodes of raw frames prefer an ffmpeg on the PATH that has the
 * encoders renders use (a distribution's, e.g. Debian's `apt-get install ffmpeg`): the package's
 * build is from 2018 and takes fresh memory from the kernel for every raw frame it reads.
 * Measured on the same 240 1080p frames, Debian's ffmpeg 5.1 encodes with a fifth less CPU (7.3 s
 * against 9.3 s; 0.2 s of system time against 2.1 s), which makes a 3000-particle render 1.09x
 * real time instead of 0.90x on 2 cores (docs/benchmarks.md). It takes ~150 ms to start (it loads
 * a hundred shared libraries), nothing against a render, too much for the short runs.
 */
export async function resolveBinaries(
  config: Config['ffmpeg'],
  searchPath = process.env.PATH ?? '',
): Promise<Binaries> {
  const problems: string[] = [];
  const ffmpegPath = config.ffmpegPath ?? packagedBinary('@ffmpeg-installer/ffmpeg', problems);
  const ffprobePath = config.ffprobePath ?? packagedBinary('@ffprobe-installer/ffprobe', problems);
  for (const binary of [config.ffmpegPath ? null : ffmpegPath, ffprobePath]) {
    if (binary) await makeExecutable(binary, problems);
  }
  let frameEncoderPath: string | null = null;
  let frameEncoderFrom: Binaries['frameEncoderFrom'] = null;
  if (config.ffmpegPath) {
    [frameEncoderPath, frameEncoderFrom] = [config.ffmpegPath, 'FFMPEG_PATH'];
  } else {
    const system = await systemFfmpeg(searchPath);
    if (system) [frameEncoderPath, frameEncoderFrom] = [system, 'PATH'];
    else if (ffmpegPath) [frameEncoderPath, frameEncoderFrom] = [ffmpegPath, 'package'];
  }
  return { ffmpegPath, ffprobePath, frameEncoderPath, frameEncoderFrom, problems };
}

/** The encoders every render needs (VIDEO_OUTPUT_ARGS). */
const NEEDED_ENCODERS = ['libx264', 'aac'];

/** The first `ffmpeg` on the search path that runs and has the needed encoders, else null. */
async function systemFfmpeg(searchPath: string): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    try {
      await access(candidate, constants.X_OK);
    } catch {
      continue;
    }
    try {
      const { stdout } = await promisify(execFile)(candidate, ['-hide_banner', '-encoders'], {
        timeout: 10_000,
        maxBuffer: 4 * 1024 * 1024,
      });
      const encoders = new Set(stdout.split('\n').map((line) => line.trim().split(/\s+/)[1]));
      if (NEEDED_ENCODERS.every((name) => encoders.has(name))) return candidate;
    } catch {
      // Not runnable here: look further.
    }
  }
  return null;
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
