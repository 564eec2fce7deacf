// Raw frames into an ffmpeg's stdin from a thread whose event loop does nothing else.
//
// Why a thread of its own: a pipe holds 64 KB and a 1080p frame is 3 MB, so a frame goes
// through in ~48 pieces, each written when the writing thread's event loop sees the pipe
// writable again. The frame thread draws synchronously for tens of milliseconds at a time, so
// when it wrote the frames itself ffmpeg got the first 64 KB of a frame, then waited for the
// drawing to end: drawing and piping took turns (measured: the CLI used ~1.6 of 2 cores against
// ~1.9 for ffmpeg alone). Here the frame thread fills a buffer, hands it over (not
// copied: the buffers are slots of shared memory) and draws the next frame while this thread
// pipes the last; nothing is allocated per frame and at most `depth` frames are held. (Measured
// on a 45 s 1080p render: 26.5 s against 26.5-31 s, with the frame loop turning its event loop
// each frame; see visualizer-worker.ts.)
//
// The thread's code is plain JavaScript (eval), so it needs no TypeScript loader.

import { Worker } from 'node:worker_threads';
import { lastLine, ProcessError } from './run-process';

const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const post = (message, transfer) => parentPort.postMessage(message, transfer);
let child;
try {
  child = spawn(workerData.binary, workerData.args, { stdio: ['pipe', 'ignore', 'pipe'] });
} catch (error) {
  post({ type: 'close', code: null, signal: null, error: String(error && error.message), stderr: '' });
  process.exit(0);
}
let stderr = '';
let spawnError = null;
child.stderr.setEncoding('utf8').on('data', (text) => { stderr = (stderr + text).slice(-4000); });
// A write to an ffmpeg that has died fails with EPIPE; its exit tells the real reason.
child.stdin.on('error', () => undefined);
child.on('error', (error) => { spawnError = error.message; });
child.on('close', (code, signal) => {
  post({ type: 'close', code, signal, error: spawnError, stderr });
  parentPort.close();
});
post({ type: 'started', pid: child.pid });
const { frames, frameBytes } = workerData;
parentPort.on('message', (m) => {
  if (m.type === 'frame') {
    // The slot is free again once ffmpeg has taken all of it.
    child.stdin.write(new Uint8Array(frames, m.slot * frameBytes, frameBytes), (error) => {
      if (!error) post({ type: 'taken', slot: m.slot });
    });
  } else if (m.type === 'end') {
    child.stdin.end();
  } else if (m.type === 'kill') {
    child.kill('SIGKILL');
  }
});
`;

type FromThread =
  | { type: 'started'; pid: number | undefined }
  | { type: 'taken'; slot: number }
  | {
      type: 'close';
      code: number | null;
      signal: string | null;
      error: string | null;
      stderr: string;
    };

export interface FramePipe {
  /** ffmpeg's process id once started (undefined when it could not be started). */
  readonly pid: Promise<number | undefined>;
  /** A free buffer of frameBytes to fill; waits while all `depth` buffers are with ffmpeg. */
  nextBuffer(): Promise<Uint8Array>;
  /** Hands a filled buffer (from nextBuffer) to ffmpeg; do not touch it until lent again. */
  send(buffer: Uint8Array): void;
  /** Closes ffmpeg's stdin and waits for it to finish; rejects with its error output on failure. */
  finish(): Promise<void>;
  /** Kills ffmpeg (if still running) and waits for it to exit. */
  kill(): Promise<void>;
}

export interface FramePipeOptions {
  frameBytes: number;
  /** Frames held at most (filled, being piped, or free): 3 lets drawing run one frame ahead. */
  depth?: number;
}

/** Starts ffmpeg (binary, with args after the usual quiet options) fed by a frame thread. */
export function startFramePipe(
  binary: string,
  args: string[],
  options: FramePipeOptions,
): FramePipe {
  const { frameBytes } = options;
  const depth = options.depth ?? 3;
  // The frames live in memory both threads see: only slot numbers travel in messages.
  const frames = new SharedArrayBuffer(depth * frameBytes);
  const worker = new Worker(THREAD_CODE, {
    eval: true,
    workerData: {
      binary,
      args: ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args],
      frames,
      frameBytes,
    },
  });
  const slots = Array.from(
    { length: depth },
    (_, slot) => new Uint8Array(frames, slot * frameBytes, frameBytes),
  );
  const slotOf = new Map<Uint8Array, number>(slots.map((view, slot) => [view, slot]));
  const free = [...slots];
  let waiting: {
    resolve: (buffer: Uint8Array) => void;
    reject: (error: Error) => void;
  } | null = null;
  let failure: Error | null = null;
  let exited = false;
  let stderr = '';
  let resolvePid: (pid: number | undefined) => void = () => undefined;
  const pid = new Promise<number | undefined>((resolve) => (resolvePid = resolve));

  const dead = () =>
    failure ?? new ProcessError(`ffmpeg stopped early: ${lastLine(stderr)}`, null, stderr);

  const closed = new Promise<void>((resolve) => {
    const settle = (error: Error | null) => {
      if (exited) return;
      exited = true;
      if (error) failure ??= error;
      resolvePid(undefined);
      waiting?.reject(dead());
      waiting = null;
      resolve();
    };
    worker.on('message', (message: FromThread) => {
      if (message.type === 'started') {
        resolvePid(message.pid);
      } else if (message.type === 'taken') {
        const buffer = slots[message.slot]!;
        if (waiting) {
          waiting.resolve(buffer);
          waiting = null;
        } else {
          free.push(buffer);
        }
      } else {
        stderr = message.stderr;
        let error: Error | null = null;
        if (message.error) {
          error = new ProcessError(`ffmpeg could not run: ${message.error}`, null, stderr);
        } else if (message.code !== 0) {
          const why = message.signal
            ? `was stopped (${message.signal})`
            : `exited with code ${message.code}`;
          error = new ProcessError(`ffmpeg ${why}: ${lastLine(stderr)}`, message.code, stderr);
        }
        settle(error);
      }
    });
    worker.on('error', (error) => settle(new Error(`the frame pipe failed: ${error.message}`)));
    worker.on('exit', () => settle(new Error('the frame pipe stopped unexpectedly')));
  });

  return {
    pid,
    nextBuffer() {
      if (exited) return Promise.reject(dead());
      const buffer = free.pop();
      if (buffer) return Promise.resolve(buffer);
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    send(buffer) {
      if (exited) return;
      worker.postMessage({ type: 'frame', slot: slotOf.get(buffer) });
    },
    async finish() {
      if (!exited) worker.postMessage({ type: 'end' });
      await closed;
      if (failure) throw failure;
    },
    async kill() {
      if (!exited) worker.postMessage({ type: 'kill' });
      await closed;
    },
  };
}
