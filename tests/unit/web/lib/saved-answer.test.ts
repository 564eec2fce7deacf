import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserVideo } from '../../../../core/media/video-types';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { WaveframeDatabase } from '../../../../src/db/database';
import { SavedAnswer } from '../../../../src/lib/saved-answer';
import { manualTimers } from '../uploads/upload-fixtures';

let databases: WaveframeDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.map((db) => db.delete()));
  databases = [];
});

const video = (video_uuid: string, file_name = 'clip.mp4') =>
  ({ video_uuid, file_name }) as UserVideo;

function harness() {
  const db = new WaveframeDatabase(`saved-answer-${Math.random()}`);
  databases.push(db);
  const clock = { now: 1_000_000 };
  const network = { online: true, isOnline: () => network.online, onOnline: () => () => undefined };
  const fetchVideos = vi.fn(async () => [video('v1')]);
  const saved = new SavedAnswer('videos', fetchVideos, {
    database: () => db,
    network,
    now: () => clock.now,
    setTimer: manualTimers().setTimer,
  });
  return { db, clock, network, fetchVideos, saved };
}

describe('a saved answer', () => {
  it("keeps the server's answer for its user, fetched once per start and again after an hour", async () => {
    const h = harness();
    h.saved.useFor('user-1');
    await h.saved.refresh();
    expect(await h.saved.read('user-1')).toEqual({
      key: 'videos',
      userUuid: 'user-1',
      value: [video('v1')],
      fetchedAt: 1_000_000,
    });
    expect(h.saved.getStatus()).toEqual({ fetched: true, refreshing: false, failed: false });
    await h.saved.refresh();
    expect(h.fetchVideos).toHaveBeenCalledTimes(1);
    h.clock.now += 3600 * 1000;
    await h.saved.refresh();
    expect(h.fetchVideos).toHaveBeenCalledTimes(2);
  });

  it("never shows one user's answer to another, and fetches theirs afresh", async () => {
    const h = harness();
    h.saved.useFor('user-1');
    await h.saved.refresh();
    h.saved.useFor('user-2');
    expect(await h.saved.read('user-2')).toBeNull();
    h.fetchVideos.mockResolvedValueOnce([video('v2')]);
    await h.saved.refresh();
    expect((await h.saved.read('user-2'))?.value).toEqual([video('v2')]);
    expect(await h.saved.read('user-1')).toBeNull();
  });

  it('saves nothing of a fetch that ends after its user signed out', async () => {
    const h = harness();
    let answer: (videos: UserVideo[]) => void = () => undefined;
    h.fetchVideos.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    h.saved.useFor('user-1');
    const load = h.saved.refresh();
    await vi.waitFor(() => expect(h.fetchVideos).toHaveBeenCalled());
    h.saved.useFor(null);
    answer([video('v1')]);
    await load;
    expect(await h.db.savedAnswers.count()).toBe(0);
  });

  it('offline, asks nothing and keeps what was saved', async () => {
    const h = harness();
    h.saved.useFor('user-1');
    await h.saved.refresh();
    h.saved.useFor(null);
    h.saved.useFor('user-1');
    h.network.online = false;
    await h.saved.refresh();
    expect(h.fetchVideos).toHaveBeenCalledTimes(1);
    expect((await h.saved.read('user-1'))?.value).toEqual([video('v1')]);
  });

  it("takes an action's answer into the saved copy, keeping when it was fetched", async () => {
    const h = harness();
    h.saved.useFor('user-1');
    await h.saved.refresh();
    h.clock.now += 5000;
    await h.saved.change((videos) => [video('v0', 'loop.mp4'), ...videos]);
    const row = await h.saved.read('user-1');
    expect(row?.value.map((v) => v.video_uuid)).toEqual(['v0', 'v1']);
    expect(row?.fetchedAt).toBe(1_000_000);
  });

  it('is emptied at logout with the other user tables', async () => {
    const h = harness();
    h.saved.useFor('user-1');
    await h.saved.refresh();
    await clearUserTables(h.db);
    expect(await h.db.savedAnswers.count()).toBe(0);
  });
});
