import { runInProcessThread } from './process-thread';

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

/** The last line of a program's error output, for a one-line reason. */
export function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]?.trim() || 'no error output';
}

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
    let stdout = '';
    let stderr = '';
    const signal = options.signal;
    const fail = (message: string) =>
      reject(new ProcessError(`${command} could not run: ${message}`, null, stderr));
    if (signal?.aborted) return fail('The operation was aborted');
    // Spawned from a worker thread: a spawn blocks its thread until the child runs (see there).
    const kill = runInProcessThread(command, args, {
      onStdout(text) {
        if (stdout.length < maxStdout) stdout += text;
      },
      onStderr(text) {
        options.onStderr?.(text);
        stderr = (stderr + text).slice(-TAIL_BYTES);
      },
      onError: fail,
      onClose(code) {
        signal?.removeEventListener('abort', onAbort);
        if (code === 0) resolve({ stdout, stderr });
        else reject(new ProcessError(`${command} exited with code ${code}`, code, stderr));
      },
    });
    const onAbort = () => {
      kill('SIGTERM');
      fail('The operation was aborted');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
