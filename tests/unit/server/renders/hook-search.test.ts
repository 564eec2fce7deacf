// The hook search in its worker thread (server/services/renders/hook-search.ts) on a 3-hour
// track: the same hooks as the finder, the event loop free while it runs, one search per track
// however often it is asked, and a clear 503 when its time or memory bound is hit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../../../core/audio-analysis/analysis-format';
import { barGrid } from '../../../../core/audio-analysis/bar-grid';
import { findHook } from '../../../../core/audio-analysis/hook-finder';
import { AppError } from '../../../../server/errors/app-error';
import { toSharedBytes } from '../../../../server/render/shared-bytes';
import { HookSearch } from '../../../../server/services/renders/hook-search';
import { tileAnalysis } from '../../../support/long-analysis';
import {
  CHORUS,
  INTRO,
  VERSE,
  analyseSong,
  section,
  synthesiseSong,
} from '../../core/audio-analysis/song-maker';

const THREE_HOURS = 3 * 3600;

describe('the hook search thread', () => {
  let song: Analysis;
  let long: Uint8Array;
  const searches: HookSearch[] = [];
  const searchWith = (...args: ConstructorParameters<typeof HookSearch>) => {
    const search = new HookSearch(...args);
    searches.push(search);
    return search;
  };

  beforeAll(() => {
    song = analyseSong(
      synthesiseSong(
        [
          section('intro', 2, INTRO),
          section('verse', 8, VERSE),
          section('chorus', 8, CHORUS, true),
          section('verse', 8, VERSE),
          section('chorus', 8, CHORUS, true),
        ],
        120,
      ),
    );
    long = toSharedBytes(tileAnalysis(song, THREE_HOURS));
  }, 60_000);
  afterAll(async () => {
    for (const search of searches) await search.close();
  });

  it('finds the hooks the finder finds, and keeps them: one search per track', async () => {
    const search = searchWith();
    const songBytes = toSharedBytes(song.bytes);
    let loads = 0;
    const load = async () => {
      loads++;
      return songBytes;
    };
    const [first, again] = await Promise.all([
      search.hooksOf('song', load),
      search.hooksOf('song', load),
    ]);
    for (const seconds of [15, 22.5, 30, 45, 60]) {
      const hook = findHook(song, { targetSeconds: seconds });
      expect(first.proposed(seconds)).toEqual({
        startSeconds: hook.startSeconds,
        endSeconds: hook.endSeconds,
        startBar: hook.startBar,
        bars: hook.bars,
        barSeconds: hook.barSeconds,
        bpm: hook.bpm,
      });
    }
    expect(first.proposed()).toEqual(first.proposed(30));
    expect(first.grid).toEqual(barGrid(song));
    expect(again.grid).toEqual(first.grid);
    // Asked twice at once, then again for another length: one load, one search.
    expect((await search.hooksOf('song', load)).proposed(17).bars).toBeGreaterThan(0);
    expect(loads).toBe(1);
    expect(search.searches).toBe(1);
  });

  it('leaves the event loop free while it searches a 3-hour track', async () => {
    const search = searchWith();
    const gaps: number[] = [];
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 10);
    try {
      const hooks = await search.hooksOf('three-hours', async () => long);
      expect(hooks.durationSeconds).toBe(THREE_HOURS);
      expect(hooks.grid.bars.length).toBeGreaterThan(5000);
      expect(hooks.proposed(30).bars).toBe(15);
    } finally {
      clearInterval(ticker);
    }
    // A timer due every 10 ms was never held up for long (the search itself takes seconds).
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(500);
  });

  it('keeps its thread for the next search, and starts another after one is stopped', async () => {
    const search = searchWith({ threads: 1 });
    const bytes = toSharedBytes(song.bytes);
    await search.hooksOf('one', async () => bytes);
    await search.hooksOf('two', async () => bytes);
    expect(search.searches).toBe(2);
    // Starting a thread costs the event loop a few milliseconds: the second search had none.
    expect(search.threadsStarted).toBe(1);
    const damaged = toSharedBytes(new Uint8Array(64));
    await search.hooksOf('damaged', async () => damaged).catch(() => undefined);
    await search.hooksOf('three', async () => bytes);
    expect(search.threadsStarted).toBe(1);
  });

  it('stops a search that runs past its time, with a reason', async () => {
    const search = searchWith({ timeoutMs: 5 });
    const refused = await search.hooksOf('slow', async () => long).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, exc: 'HookSearchTimedOut' });
    expect((refused as AppError).message).toMatch(/took longer than/);
    // Nothing kept: asked again with room, it is searched, on a thread of its own.
    expect(search.has('slow')).toBe(false);
  });

  it('stops a search that needs more memory than it is given, with a reason', async () => {
    const search = searchWith({ memoryMb: 4 });
    const refused = await search.hooksOf('big', async () => long).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, exc: 'HookSearchTooLarge' });
    expect((refused as AppError).message).toMatch(/more than the 4 MB/);
  });

  it('answers a damaged analysis with 409', async () => {
    const search = searchWith();
    const damaged = toSharedBytes(new Uint8Array(64));
    const refused = await search.hooksOf('damaged', async () => damaged).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 409, exc: 'AudioNotReady' });
  });

  it('refuses at once when too many searches wait', async () => {
    const search = searchWith({ threads: 1, queue: 1 });
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((key) => search.hooksOf(key, async () => toSharedBytes(song.bytes))),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 503,
      exc: 'HookSearchBusy',
    });
  });
});
