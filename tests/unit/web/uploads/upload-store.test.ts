import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { WaveframeDatabase } from '../../../../src/db/database';
import { dexieUploadStore } from '../../../../src/features/uploads/upload-store';
import { uploadRow } from './upload-fixtures';

let db: WaveframeDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('the upload queue in IndexedDB', () => {
  it('keeps the file itself and applies events in a transaction', async () => {
    db = new WaveframeDatabase('upload-store-test');
    const open = db;
    const store = dexieUploadStore(
      () => open,
      () => 42,
    );
    await store.add([uploadRow({ id: 'b', createdAt: 2 }), uploadRow({ id: 'a', createdAt: 1 })]);
    expect((await store.list()).map((row) => row.id)).toEqual(['a', 'b']);
    const stored = await store.get('a');
    expect(stored?.file?.size).toBe(1000);

    expect(await store.apply('a', { type: 'start' })).toMatchObject({
      state: 'uploading',
      updatedAt: 42,
    });
    expect((await store.get('a'))?.state).toBe('uploading');
    // An event that does not apply changes nothing.
    expect(await store.apply('a', { type: 'retry' })).toBeNull();
    expect(await store.apply('gone', { type: 'start' })).toBeNull();
    await store.remove('b');
    expect(await store.list()).toHaveLength(1);
  });

  it('is emptied at logout with the rest of the user data', async () => {
    db = new WaveframeDatabase('upload-store-logout');
    const open = db;
    await dexieUploadStore(() => open).add([uploadRow()]);
    await open.libraryImages.put({
      image_uuid: 'i1',
      image_name: 'x',
      image_type: 'logo',
      image_path: null,
      thumbnail_path: null,
      favorite: false,
      status: 'PENDING',
      error: null,
      width: null,
      height: null,
      mimetype: null,
      file_size: null,
      created_at: '',
    });
    await clearUserTables(open);
    expect(await open.uploadQueue.count()).toBe(0);
    expect(await open.libraryImages.count()).toBe(0);
  });
});
