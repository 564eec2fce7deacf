// A command run as a user runs it (its own process), timed: wall seconds and the CPU it and its
// children took, for the benchmarks of whole commands (cli-render, kit).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** CPU seconds (user, sys) of this process's waited-for children, from /proc. */
function childrenCpu(): { user: number; sys: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime (fields 16 and 17 of stat), in clock ticks of 1/100 s.
  return { user: Number(fields[13]) / 100, sys: Number(fields[14]) / 100 };
}

export interface Run {
  seconds: number;
  user: number;
  sys: number;
}

/**
 * Runs the command in the repository's root to its end; `onLine` hears each line of its stdout
 * as it comes (with the command's seconds so far). CPU counts the command and every process it
 * waited for (a render's Node process and its ffmpeg alike).
 */
export function runTimed(
  command: string,
  args: string[],
  onLine?: (line: string, seconds: number) => void,
): Promise<Run> {
  const before = childrenCpu();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
    );
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      const seconds = (performance.now() - started) / 1000;
      for (const line of lines) onLine!(line, seconds);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (pending) onLine?.(pending, seconds);
      const after = childrenCpu();
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${stderr}`));
      else resolve({ seconds, user: after.user - before.user, sys: after.sys - before.sys });
    });
  });
}
