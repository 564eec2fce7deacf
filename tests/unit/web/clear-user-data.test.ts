import 'fake-indexeddb/auto';
import type Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUserTables } from '../../../src/db/clear-user-data';
import { WaveframeDatabase } from '../../../src/db/database';

/** The app's database with one more table, as later releases will add (a user's uploads). */
class DatabaseWithUserTable extends WaveframeDatabase {
  declare uploads: Dexie.Table<{ id: string; name: string }, string>;
  constructor(name: string) {
    super(name);
    this.version(2).stores({ uploads: 'id' });
  }
}

let db: DatabaseWithUserTable | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('clearing cached user data', () => {
  it("empties every table but the device's attribution record", async () => {
    db = new DatabaseWithUserTable('clear-user-data-test');
    await db.attribution.put({
      key: 'ingress',
      landingPage: '/',
      referrer: '',
      landingQueryArgs: {},
      initialVisitTs: 1,
      deviceType: 'desktop',
      browserName: 'Chrome',
    });
    await db.uploads.put({ id: 'u1', name: 'track.wav' });
    await clearUserTables(db);
    expect(await db.uploads.count()).toBe(0);
    expect(await db.attribution.count()).toBe(1);
  });
});
