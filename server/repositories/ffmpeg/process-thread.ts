// Starts short-lived programs (ffprobe, ffmpeg -version, ffmpeg runs that write files) from a
// worker thread instead of the event loop's thread.
//
// Why: child_process.spawn is synchronous until the child has called exec. The calling thread
// forks (copying the page tables of a process that holds PGlite's WebAssembly memory, hundreds
// of MB) and then waits for the child to be scheduled and exec. On a busy 2-core machine (two
// renders encoding) that wait was measured at 50-340 ms per spawn, and a render starting spawns
// three programs: list calls then saw their p99 rise 4x. In this thread the wait only delays the
// program's own start.
//
// The thread's code is plain JavaScript (eval), so it needs no TypeScript loader; it holds no
// state but the running children and is started at first use, then unref'd while idle.

import { Worker } from 'node:worker_threads';

/** Messages from the thread (one per event of a run). */
type FromThread =
  | { id: number; type: 'stdout'; text: string }
  | { id: number; type: 'stderr'; text: string }
  | { id: number; type: 'error'; message: string }
  | { id: number; type: 'close'; code: number | null };

/** What a caller hears about its run. */
export interface ThreadRunEvents {
  onStdout(text: string): void;
  onStderr(text: string): void;
  onError(message: string): void;
  onClose(code: number | null): void;
}

const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const children = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'kill') {
    const child = children.get(m.id);
    if (child) child.kill(m.signal);
    return;
  }
  let child;
  try {
    child = spawn(m.command, m.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    parentPort.postMessage({ id: m.id, type: 'error', message: String(error && error.message) });
    parentPort.postMessage({ id: m.id, type: 'close', code: null });
    return;
  }
  children.set(m.id, child);
  child.stdout.setEncoding('utf8').on('data', (text) => parentPort.postMessage({ id: m.id, type: 'stdout', text }));
  child.stderr.setEncoding('utf8').on('data', (text) => parentPort.postMessage({ id: m.id, type: 'stderr', text }));
  child.on('error', (error) => parentPort.postMessage({ id: m.id, type: 'error', message: error.message }));
  child.on('close', (code) => {
    children.delete(m.id);
    parentPort.postMessage({ id: m.id, type: 'close', code });
  });
});
`;

let thread: Worker | null = null;
let nextId = 1;
const runs = new Map<number, ThreadRunEvents>();

function ensureThread(): Worker {
  if (thread) return thread;
  const worker = new Worker(THREAD_CODE, { eval: true });
  worker.on('message', (message: FromThread) => {
    const run = runs.get(message.id);
    if (!run) return;
    if (message.type === 'stdout') run.onStdout(message.text);
    else if (message.type === 'stderr') run.onStderr(message.text);
    else if (message.type === 'error') run.onError(message.message);
    else {
      runs.delete(message.id);
      if (runs.size === 0) worker.unref();
      run.onClose(message.code);
    }
  });
  const lost = (why: string) => {
    if (thread === worker) thread = null;
    for (const [id, run] of runs) {
      runs.delete(id);
      run.onError(why);
      run.onClose(null);
    }
  };
  worker.on('error', (error) => lost(`the process thread failed: ${error.message}`));
  worker.on('exit', () => lost('the process thread stopped'));
  worker.unref();
  thread = worker;
  return worker;
}

/**
 * Runs command with args from the process thread (stdin ignored, stdout and stderr as text).
 * Answers a function that sends the child a signal.
 */
export function runInProcessThread(
  command: string,
  args: string[],
  events: ThreadRunEvents,
): (signal?: NodeJS.Signals) => void {
  const worker = ensureThread();
  const id = nextId++;
  runs.set(id, events);
  worker.ref();
  worker.postMessage({ type: 'run', id, command, args });
  return (signal = 'SIGTERM') => {
    if (runs.has(id)) worker.postMessage({ type: 'kill', id, signal });
  };
}
