// Whose queued files this device holds (issue: a queued file could go to the wrong account).
// Each row carries its owner; rows of a database from before owners are settled by the page at
// sign-in; and a sign-in as someone else, after a start-up check that failed with a 5xx or 429,
// removes the previous user's queue and cache. The real database, in fake IndexedDB.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import { clearCachedUserData } from '../../../../src/db/clear-user-data';
import { getDatabase, WaveframeDatabase } from '../../../../src/db/database';
import { settleUnownedUploads } from '../../../../src/db/upload-owners';
import { createSessionStore } from '../../../../src/features/session/session-store';
import {
  memoryDeviceUserStorage,
  memoryUserRecordStorage,
} from '../../../../src/features/session/stored-user';
import { SAMPLE_USER, sessionDeps } from '../render-app';
import { libraryAudio, uploadRow } from './upload-fixtures';

const FIRST = SAMPLE_USER;
const SECOND = { ...SAMPLE_USER, user_uuid: 'user-2', email: 'second@example.com' };

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
  await getDatabase().uploadQueue.clear();
  await getDatabase().libraryAudios.clear();
});

/** The database as release 6 left it: the same tables, rows without an owner. */
class ReleaseSixDatabase extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(6).stores({
      attribution: 'key',
      uploadQueue: 'id, createdAt',
      libraryImages: 'image_uuid',
      libraryAudios: 'audio_uuid',
      libraryMeta: 'key',
      audioAnalyses: 'audio_uuid',
      renders: 'key, kind',
      renderMeta: 'key',
      particleDesigns: 'id, updatedAt',
      savedAnswers: 'key',
      trackLyrics: 'audioId',
    });
  }
}

describe('the owner of a queued upload', () => {
  it('the upgrade leaves rows queued before owners without one', async () => {
    const old = new ReleaseSixDatabase('upload-owners-upgrade');
    const { ownerId: _dropped, ...withoutOwner } = uploadRow();
    await old.table('uploadQueue').add(withoutOwner);
    expect(old.verno).toBe(6);
    old.close();

    const db = new WaveframeDatabase('upload-owners-upgrade');
    opened.push(db);
    const [row] = await db.uploadQueue.toArray();
    expect(db.verno).toBe(7);
    expect(row).toMatchObject({ id: 'u1', state: 'queued', ownerId: null });
  });

  it('unowned rows go to the user whose data the device held, or are removed when nobody can tell', async () => {
    const db = new WaveframeDatabase('upload-owners-settle');
    opened.push(db);
    await db.uploadQueue.bulkAdd([
      uploadRow({ id: 'unowned', ownerId: null }),
      uploadRow({ id: 'theirs', ownerId: SECOND.user_uuid }),
    ]);
    await settleUnownedUploads(FIRST.user_uuid, db);
    expect((await db.uploadQueue.get('unowned'))?.ownerId).toBe(FIRST.user_uuid);
    expect((await db.uploadQueue.get('theirs'))?.ownerId).toBe(SECOND.user_uuid);

    await db.uploadQueue.put(uploadRow({ id: 'unowned', ownerId: null }));
    await settleUnownedUploads(null, db);
    expect((await db.uploadQueue.toArray()).map((row) => row.id)).toEqual(['theirs']);
  });
});

describe('signing in as someone else after a start-up check that failed with a 5xx', () => {
  /** The device of the first user: their queued file and their cached library. */
  async function firstUsersDevice() {
    const db = getDatabase();
    await db.uploadQueue.add(uploadRow({ id: 'first-file', ownerId: FIRST.user_uuid }));
    await db.libraryAudios.put(libraryAudio({ audio_uuid: 'first-track' }));
    return createSessionStore(
      sessionDeps({
        clearCachedData: clearCachedUserData,
        settleUnownedUploads: (owner) => settleUnownedUploads(owner),
        userRecord: memoryUserRecordStorage(FIRST),
        deviceUser: memoryDeviceUserStorage(FIRST.user_uuid),
        fetchCurrentUser: () =>
          Promise.reject(new ApiError({ status: 503, message: 'Service Unavailable' })),
      }),
    );
  }

  it('removes the first user’s queued files and cached library', async () => {
    const session = await firstUsersDevice();
    await expect(session.loginCheck()).resolves.toBe(false);
    // Nothing is purged by the failed check itself: it does not say the session ended.
    expect(await getDatabase().uploadQueue.count()).toBe(1);

    session.signIn(SECOND);
    await expect.poll(() => getDatabase().uploadQueue.count()).toBe(0);
    expect(await getDatabase().libraryAudios.count()).toBe(0);
  });

  it('the first user signing in again keeps them', async () => {
    const session = await firstUsersDevice();
    await session.loginCheck();
    session.signIn(FIRST);
    await session.deviceReady();
    expect((await getDatabase().uploadQueue.toArray()).map((row) => row.id)).toEqual([
      'first-file',
    ]);
    expect(await getDatabase().libraryAudios.count()).toBe(1);
  });
});
