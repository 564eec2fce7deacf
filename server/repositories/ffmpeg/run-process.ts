import { spawn } from 'node:child_process';

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

const TAIL_BYTES = 4000;

/**
 * Runs a program to completion. Output is kept only up to a limit (stdout) or as a tail
 * (stderr), so a chatty ffmpeg cannot grow memory. Aborting the signal kills the process.
 */
export function runProcess(
  command: string,
  args: string[],
  options: {
    signal?: AbortSignal;
    maxStdoutBytes?: number;
    onStderr?: (text: string) => void;
  } = {},
): Promise<RunResult> {
  const maxStdout = options.maxStdoutBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (stdout.length < maxStdout) stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      options.onStderr?.(text);
      stderr = (stderr + text).slice(-TAIL_BYTES);
    });
    child.on('error', (error) =>
      reject(new ProcessError(`${command} could not run: ${error.message}`, null, stderr)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ProcessError(`${command} exited with code ${code}`, code, stderr));
    });
  });
}
