import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import { LIST_MAX_AGE_MS, listNeedsFetch, ListRefresher } from '../../../../src/lib/list-refresh';
import { manualTimers } from '../uploads/upload-fixtures';

describe('list freshness (spec 9: refetched when older than 3600 s)', () => {
  const now = 1_000_000_000;

  it('fetches a list never fetched, and once per app start', () => {
    expect(listNeedsFetch({ fetchedAt: null, fetchedSinceStart: false, now })).toBe(true);
    expect(listNeedsFetch({ fetchedAt: now - 1000, fetchedSinceStart: false, now })).toBe(true);
  });

  it('keeps a list fetched in this session for an hour', () => {
    expect(LIST_MAX_AGE_MS).toBe(3_600_000);
    expect(listNeedsFetch({ fetchedAt: now - 1000, fetchedSinceStart: true, now })).toBe(false);
    expect(listNeedsFetch({ fetchedAt: now - 3_599_999, fetchedSinceStart: true, now })).toBe(
      false,
    );
    expect(listNeedsFetch({ fetchedAt: now - 3_600_000, fetchedSinceStart: true, now })).toBe(true);
  });
});

/** A refresher over one list kept in memory, with a server the test answers. */
function harness() {
  const clock = { now: 1_000_000 };
  const timers = manualTimers();
  const network = { online: true, isOnline: () => network.online, onOnline: () => () => undefined };
  const saved: { value: string | null; fetchedAt: number | null } = {
    value: null,
    fetchedAt: null,
  };
  const fetchList = vi.fn(async () => 'answer');
  const onFetched = vi.fn();
  const refresher = new ListRefresher<'list'>({
    keys: ['list'],
    network,
    now: () => clock.now,
    setTimer: timers.setTimer,
    fetchedAt: async () => saved.fetchedAt,
    fetchAndSave: async (_key, wanted) => {
      const value = await fetchList();
      if (!wanted()) return;
      saved.value = value;
      saved.fetchedAt = clock.now;
    },
    onFetched,
  });
  refresher.start();
  return { clock, timers, network, saved, fetchList, onFetched, refresher };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ListRefresher', () => {
  it('fetches a saved list once per start, again after an hour, and always when forced', async () => {
    const h = harness();
    h.saved.fetchedAt = h.clock.now - 1000;
    await h.refresher.refresh('list');
    expect(h.fetchList).toHaveBeenCalledTimes(1);
    expect(h.refresher.getStatus().list).toEqual({
      fetched: true,
      refreshing: false,
      failed: false,
    });
    expect(h.onFetched).toHaveBeenCalledWith('list');

    await h.refresher.refresh('list');
    expect(h.fetchList).toHaveBeenCalledTimes(1);
    h.clock.now += LIST_MAX_AGE_MS;
    await h.refresher.refresh('list');
    expect(h.fetchList).toHaveBeenCalledTimes(2);
    await h.refresher.refresh('list', { force: true });
    expect(h.fetchList).toHaveBeenCalledTimes(3);
  });

  it('shares one fetch between callers; a forced call during a fetch fetches once more after it', async () => {
    const h = harness();
    await Promise.all([h.refresher.refresh('list'), h.refresher.refresh('list')]);
    expect(h.fetchList).toHaveBeenCalledTimes(1);

    // The fetch under way may have left before the change the forced call was made for.
    let answer: (value: string) => void = () => undefined;
    h.fetchList.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    h.fetchList.mockResolvedValueOnce('after the change');
    const first = h.refresher.refresh('list', { force: true });
    await vi.waitFor(() => expect(h.fetchList).toHaveBeenCalledTimes(2));
    const forced = [
      h.refresher.refresh('list', { force: true }),
      h.refresher.refresh('list', { force: true }),
    ];
    answer('before the change');
    await Promise.all([first, ...forced]);
    expect(h.fetchList).toHaveBeenCalledTimes(3);
    expect(h.saved.value).toBe('after the change');
  });

  it('asks nothing offline, and that is no failure', async () => {
    const h = harness();
    h.network.online = false;
    await h.refresher.refresh('list');
    expect(h.fetchList).not.toHaveBeenCalled();
    expect(h.refresher.getStatus().list.failed).toBe(false);
  });

  it('asks again 5 s after a 429; another error keeps the saved copy and says it failed', async () => {
    const h = harness();
    h.fetchList.mockRejectedValueOnce(
      new ApiError({ status: 429, exc: 'TooManyRequests', message: 'Wait' }),
    );
    const load = h.refresher.refresh('list');
    await vi.waitFor(() => expect(h.timers.delays()).toEqual([5_000]));
    expect(h.refresher.getStatus().list.refreshing).toBe(true);
    h.timers.runAll();
    await load;
    expect(h.saved.value).toBe('answer');

    h.fetchList.mockRejectedValueOnce(new ApiError({ status: 500, message: 'Broken' }));
    await h.refresher.refresh('list', { force: true });
    expect(h.refresher.getStatus().list).toEqual({
      fetched: true,
      refreshing: false,
      failed: true,
    });
    expect(h.saved.value).toBe('answer');
  });

  it('saves nothing of a fetch that ends after stop (signed out meanwhile)', async () => {
    const h = harness();
    let answer: (value: string) => void = () => undefined;
    h.fetchList.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const load = h.refresher.refresh('list');
    await settle();
    h.refresher.stop();
    answer('the previous user');
    await load;
    expect(h.saved.value).toBeNull();
    expect(h.refresher.getStatus().list).toEqual({
      fetched: false,
      refreshing: false,
      failed: false,
    });
    expect(h.onFetched).not.toHaveBeenCalled();
  });
});
