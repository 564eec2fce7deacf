// Finding a track's hook without holding up the API. The search (hook-search-worker.ts) runs in
// a worker thread, never on the event loop, with a time and a memory bound; a few run at once
// and the rest wait their turn, up to a bounded queue. The threads stay for the next search
// (starting one, and checking its bundle, cost the event loop a few milliseconds a search); one
// that hits a bound is stopped and a new one started when needed. Its answer is kept per track (the bars,
// the waveform and the best start of every hook length), so asking again, for another length
// or by the kit's creation, costs nothing. How often a user may ask is limited by the caller
// (HOOK_CALLS_PER_USER).

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hookLengthBars, hookSectionAt, type HookSection } from '../../../core/audio-analysis/hook';
import { AppError } from '../../errors/app-error';
import type { Limit } from '../../repositories/rate-limiter';
import { ensureBundle } from '../../render/bundle-cache.mjs';
import { LOWER_THREAD_PRIORITY_JS } from '../../render/thread-priority';
import type { HookSearchMessage, HookSearchResult, HookSearchWork } from './hook-search-worker';

/**
 * Hook calls per user: the creator screen asks once per track and once per length the user
 * settles on, a few a minute; a client asking in a loop is refused.
 */
export const HOOK_CALLS_PER_USER: Limit = { max: 30, windowSeconds: 60 };

export interface HookSearchBounds {
  /** Longest a search may run before its thread is stopped (a 3-hour track takes a second or two). */
  timeoutMs: number;
  /** The thread's heap (V8 old generation); the analysis itself is shared, outside it. */
  memoryMb: number;
  /** Searches running at once in this process. */
  threads: number;
  /** Searches waiting for a thread; more are refused at once. */
  queue: number;
  /** Tracks whose answers are kept (the least recently asked is dropped first). */
  cachedTracks: number;
}

export const DEFAULT_HOOK_SEARCH_BOUNDS: HookSearchBounds = {
  timeoutMs: 30_000,
  memoryMb: 128,
  // One core is left to the event loop (the threads also run at a lower priority).
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 32,
  cachedTracks: 64,
};

/** The hook call's answer for one length: the proposed hook and all it is drawn on. */
export interface TrackHooks extends Omit<HookSearchResult, 'starts'> {
  /** The best hook of about `targetSeconds` (15-60, default 30), as findHook proposes it. */
  proposed(targetSeconds?: number): HookSection;
}

const PEAK_COUNT = 600;

/** The repository's root, three folders above this file. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const timedOut = (seconds: number) =>
  new AppError(
    503,
    'HookSearchTimedOut',
    `Finding the hook of this track took longer than ${seconds} seconds, so it was stopped. Choose the hook by hand, or try again later.`,
  );
const tooLarge = (megabytes: number) =>
  new AppError(
    503,
    'HookSearchTooLarge',
    `Finding the hook of this track needed more than the ${megabytes} MB the server allows it, so it was stopped. Choose the hook by hand.`,
  );
const busy = () =>
  new AppError(
    503,
    'HookSearchBusy',
    'The server is finding the hooks of many tracks right now: try again in a minute.',
    { 'retry-after': '60' },
  );
const damaged = () =>
  new AppError(
    409,
    'AudioNotReady',
    'The analysis of this track is missing or damaged: upload the track again, then render.',
  );

/**
 * One process's hook searches: the threads, their queue and the answers kept. `close()` stops
 * every thread (the server's shutdown).
 */
export class HookSearch {
  private readonly bounds: HookSearchBounds;
  private readonly answers = new Map<string, HookSearchResult>();
  private readonly pending = new Map<string, Promise<HookSearchResult>>();
  private readonly waiting: (() => void)[] = [];
  /** Every thread started and not yet stopped, and those waiting for a search. */
  private readonly threads = new Set<Worker>();
  private readonly idle: Worker[] = [];
  /** Searches holding a thread's place (loading their analysis, or running). */
  private active = 0;
  private closed = false;
  /** Searches run to the end, and threads started (for the tests and the operators' curiosity). */
  searches = 0;
  threadsStarted = 0;

  constructor(bounds: Partial<HookSearchBounds> = {}) {
    this.bounds = { ...DEFAULT_HOOK_SEARCH_BOUNDS, ...bounds };
  }

  /**
   * The hooks of a track whose analysis is stored under `analysisKey`: the answer kept for it,
   * or the one being worked out, or a new search of the bytes `load` gives. 503 with a reason
   * when a bound is hit or the queue is full, 409 when the analysis is damaged.
   */
  async hooksOf(analysisKey: string, load: () => Promise<Uint8Array>): Promise<TrackHooks> {
    return view(await this.resultOf(analysisKey, load));
  }

  /** Whether the answer for this analysis is kept (no search needed). */
  has(analysisKey: string): boolean {
    return this.answers.has(analysisKey);
  }

  private async resultOf(key: string, load: () => Promise<Uint8Array>): Promise<HookSearchResult> {
    const kept = this.answers.get(key);
    if (kept) {
      // Least recently asked first out: asked now, it moves to the end.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    let search = this.pending.get(key);
    if (!search) {
      search = this.search(load).then((result) => {
        this.answers.set(key, result);
        while (this.answers.size > this.bounds.cachedTracks)
          this.answers.delete(this.answers.keys().next().value!);
        return result;
      });
      const forget = () => this.pending.delete(key);
      search.then(forget, forget);
      this.pending.set(key, search);
    }
    return search;
  }

  private async search(load: () => Promise<Uint8Array>): Promise<HookSearchResult> {
    if (this.closed) throw busy();
    if (this.active < this.bounds.threads) this.active++;
    else {
      if (this.waiting.length >= this.bounds.queue) throw busy();
      // A search that ends hands its thread's place straight to the first in line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      if (this.closed) throw busy();
      const analysis = await load();
      return await this.runOnThread({ analysis, peakCount: PEAK_COUNT });
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** An idle thread, or a new one. */
  private async thread(): Promise<Worker> {
    const idle = this.idle.pop();
    if (idle) return idle;
    const worker = await startWorker(this.bounds.memoryMb);
    this.threadsStarted++;
    this.threads.add(worker);
    // It leaves the sets when it stops, whatever stopped it.
    worker.once('exit', () => {
      this.threads.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  private async runOnThread(work: HookSearchWork): Promise<HookSearchResult> {
    const worker = await this.thread();
    worker.ref();
    const { timeoutMs, memoryMb } = this.bounds;
    return new Promise<HookSearchResult>((resolve, reject) => {
      let settled = false;
      // keep: the thread is well and waits for the next search; else it is stopped.
      const settle = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep && !this.closed) {
          worker.unref();
          this.idle.push(worker);
        } else void worker.terminate();
        outcome();
      };
      const timer = setTimeout(
        () => settle(() => reject(timedOut(timeoutMs / 1000)), false),
        timeoutMs,
      );
      const onMessage = (message: HookSearchMessage) => {
        if (message.type === 'done') {
          this.searches++;
          settle(() => resolve(message.result), true);
        } else if (message.kind === 'analysis') settle(() => reject(damaged()), true);
        else settle(() => reject(new Error(`hook search failed: ${message.message}`)), false);
      };
      const onError = (error: Error & { code?: string }) =>
        settle(
          () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge(memoryMb) : error),
          false,
        );
      const onExit = () =>
        settle(
          () =>
            reject(
              this.closed ? busy() : new Error('The hook search thread stopped unexpectedly.'),
            ),
          false,
        );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(work);
    });
  }

  /** Stops every running search and refuses those waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const next of this.waiting.splice(0)) next();
    this.idle.length = 0;
    await Promise.all([...this.threads].map((worker) => worker.terminate()));
  }
}

/** The answer as the hook call uses it: the proposed hook of any length from the kept starts. */
function view(result: HookSearchResult): TrackHooks {
  const { starts, ...rest } = result;
  return {
    ...rest,
    proposed: (targetSeconds) => {
      const bars = hookLengthBars(result.grid, targetSeconds);
      return hookSectionAt(result.grid, starts[bars] ?? 0, bars);
    },
  };
}

/**
 * Starts a search thread from a bundle of its entry that esbuild builds once for the current
 * sources (as the render's frame thread does: see visualizer-thread.ts), at a lower priority than
 * the event loop and with its heap bounded.
 */
async function startWorker(memoryMb: number): Promise<Worker> {
  const dir = await ensureBundle({
    root: ROOT,
    prefix: '.waveframe-hook-search-',
    inputs: [
      'core/audio-analysis',
      'server/services/renders/hook-search-worker.ts',
      'server/render/thread-priority.ts',
      'package-lock.json',
    ],
    entries: { 'hook-search-worker.js': 'server/services/renders/hook-search-worker.ts' },
  });
  const entry = pathToFileURL(path.join(dir, 'hook-search-worker.js')).href;
  const code = `${LOWER_THREAD_PRIORITY_JS}
import(${JSON.stringify(entry)});`;
  return new Worker(code, {
    eval: true,
    workerData: { hookSearch: true },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16 },
  });
}
