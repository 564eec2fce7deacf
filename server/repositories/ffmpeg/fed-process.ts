// An ffmpeg process the engine feeds: raw frames on its stdin, machine-readable progress on its
// stdout (-progress pipe:1), errors on stderr. Written for the render loop: every write waits
// until ffmpeg has taken the frame (or has died), so frames never pile up in memory.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Ffmpeg } from './ffmpeg';
import { lastLine, ProcessError } from './run-process';

const paths = new WeakMap<Ffmpeg, Promise<{ ffmpeg: string; frameEncoder: string }>>();

/** The binaries behind the repository (asked once per repository through its status). */
function binariesOf(ffmpeg: Ffmpeg) {
  let found = paths.get(ffmpeg);
  if (!found) {
    found = ffmpeg.status().then((status) => {
      if (!status.ok || !status.ffmpeg.path) {
        throw new Error(`ffmpeg is not available: ${status.error ?? 'no binary found'}`);
      }
      return {
        ffmpeg: status.ffmpeg.path,
        frameEncoder: status.frameEncoder.path ?? status.ffmpeg.path,
      };
    });
    found.catch(() => paths.delete(ffmpeg));
    paths.set(ffmpeg, found);
  }
  return found;
}

/** The ffmpeg binary behind the repository. */
export const ffmpegBinary = async (ffmpeg: Ffmpeg) => (await binariesOf(ffmpeg)).ffmpeg;

/** The ffmpeg of long raw-frame encodes (the frame thread's; see binaries.ts). */
export const frameEncoderBinary = async (ffmpeg: Ffmpeg) => (await binariesOf(ffmpeg)).frameEncoder;

export interface FfmpegProgress {
  /** Output time reached, in seconds. */
  outSeconds: number;
  frame: number;
  end: boolean;
}

export interface FedProcess {
  /** Resolves once ffmpeg has taken the whole buffer; rejects when ffmpeg has gone. */
  write(frame: Uint8Array): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish; rejects with its error output on failure. */
  finish(): Promise<void>;
  /** Kills ffmpeg (if still running) and waits for it to exit. */
  kill(): Promise<void>;
  readonly exited: boolean;
  /** The process id (undefined when ffmpeg could not be started). */
  readonly pid: number | undefined;
}

export interface StartOptions {
  /** Gets ffmpeg's -progress reports. */
  onProgress?: (progress: FfmpegProgress) => void;
  /** Aborting it kills ffmpeg at once (writes and finish then reject). */
  signal?: AbortSignal;
  /** Runs the frame thread's ffmpeg (binaries.ts), for long raw-frame encodes. */
  frameEncoder?: boolean;
}

/** Starts ffmpeg with a writable stdin. */
export async function startFfmpeg(
  ffmpeg: Ffmpeg,
  args: string[],
  { onProgress, signal, frameEncoder = false }: StartOptions = {},
): Promise<FedProcess> {
  const binary = await (frameEncoder ? frameEncoderBinary(ffmpeg) : ffmpegBinary(ffmpeg));
  signal?.throwIfAborted();
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(
    binary,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', ...args],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  let block: Record<string, string> = {};
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      block[key] = line.slice(at + 1).trim();
      if (key === 'progress') {
        // out_time_ms is in microseconds despite its name.
        const micros = Number(block.out_time_us ?? block.out_time_ms ?? 0);
        onProgress?.({
          outSeconds: Number.isFinite(micros) ? Math.max(0, micros / 1e6) : 0,
          frame: Number(block.frame ?? 0) || 0,
          end: block.progress === 'end',
        });
        block = {};
      }
    }
  });

  let exited = false;
  let failure: Error | null = null;
  const closed = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      failure ??= new ProcessError(`ffmpeg could not run: ${error.message}`, null, stderr);
      exited = true;
      resolve();
    });
    child.on('close', (code, signal) => {
      if (code !== 0) {
        failure ??= new ProcessError(
          `ffmpeg ${signal ? `was stopped (${signal})` : `exited with code ${code}`}: ${lastLine(stderr)}`,
          code,
          stderr,
        );
      }
      exited = true;
      resolve();
    });
  });
  // A write to an ffmpeg that has died fails with EPIPE; the exit tells the real reason.
  child.stdin.on('error', () => undefined);
  // The one write waiting for its frame to be taken (the loop awaits each write in turn).
  let waiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  child.stdin.on('drain', () => {
    const current = waiter;
    waiter = null;
    current?.resolve();
  });
  void closed.then(() => {
    const current = waiter;
    waiter = null;
    current?.reject(dead());
  });

  const onAbort = () => {
    if (!exited) child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  void closed.then(() => signal?.removeEventListener('abort', onAbort));

  const dead = () =>
    failure ?? new ProcessError(`ffmpeg stopped early: ${lastLine(stderr)}`, null, stderr);

  return {
    get exited() {
      return exited;
    },
    get pid() {
      return child.pid;
    },
    write(frame) {
      if (exited) return Promise.reject(dead());
      if (child.stdin.write(frame)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => (waiter = { resolve, reject }));
    },
    async finish() {
      if (!exited) child.stdin.end();
      await closed;
      if (failure) throw failure;
    },
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await closed;
    },
  };
}
