// Background work runs at a lower CPU priority than the API's event loop.
//
// A render's frame thread and its ffmpeg (whose encoder threads want every core) otherwise get
// the same share of a busy machine as the event loop: with two 1080p renders on 2 cores the loop
// got too little CPU to keep up with 100 list calls a second (p99 from ~85 ms to seconds). At
// nice 10 the scheduler gives each of them about a tenth of the loop's weight, so renders use
// whatever the API leaves, and run as fast as before when nothing else wants the CPU.

import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of render threads and of the programs they start. */
export const BACKGROUND_NICE = 10;

/**
 * The same as lowerThisThreadPriority, as plain JavaScript for a thread's bootstrap code: a
 * thread that loads TypeScript through tsx lowers its priority before compiling anything, so
 * starting a render's thread does not take the CPU from the event loop either.
 */
export const LOWER_THREAD_PRIORITY_JS = `try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('node:os');
  if (process.platform === 'linux' && Number.isInteger(tid) && os.getPriority(tid) < ${BACKGROUND_NICE}) os.setPriority(tid, ${BACKGROUND_NICE});
} catch {}`;

/**
 * Lowers the priority of the calling thread (Linux: priorities are per thread, and a program
 * this thread starts inherits it). Elsewhere, or when not allowed, it does nothing.
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid)) return;
    if (getPriority(tid) < nice) setPriority(tid, nice);
  } catch {
    // Not permitted or no /proc: run at the normal priority.
  }
}
