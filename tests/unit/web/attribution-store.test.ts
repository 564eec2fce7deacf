import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_MAX_AGE_SECONDS } from '../../../core/attribution';
import { ensureFreshAttribution, loadAttribution } from '../../../src/db/attribution-store';
import { WaveframeDatabase } from '../../../src/db/database';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const visit = (overrides: Partial<Parameters<typeof ensureFreshAttribution>[1]> = {}) => ({
  pathname: '/tools',
  search: '?utm_source=newsletter',
  referrer: 'https://blog.example/post',
  userAgent: CHROME_ANDROID,
  nowMs: 1_700_000_000_000,
  ...overrides,
});

let db: WaveframeDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('attribution in the browser database', () => {
  it('captures the first visit and keeps it across openings of the database', async () => {
    db = new WaveframeDatabase('attribution-test-1');
    expect(await loadAttribution(db)).toBeNull();
    await ensureFreshAttribution(db, visit());
    db.close();

    db = new WaveframeDatabase('attribution-test-1');
    expect(await loadAttribution(db)).toEqual({
      landingPage: '/tools',
      referrer: 'https://blog.example/post',
      landingQueryArgs: { utm_source: 'newsletter' },
      initialVisitTs: 1_700_000_000_000,
      deviceType: 'mobile',
      browserName: 'Chrome',
    });
  });

  it('keeps fresh attribution and replaces it after 604800 seconds', async () => {
    db = new WaveframeDatabase('attribution-test-2');
    await ensureFreshAttribution(db, visit());

    const nextDay = await ensureFreshAttribution(
      db,
      visit({ pathname: '/faq', nowMs: 1_700_000_000_000 + 86_400_000 }),
    );
    expect(nextDay.landingPage).toBe('/tools');

    const later = 1_700_000_000_000 + (ATTRIBUTION_MAX_AGE_SECONDS + 1) * 1000;
    const refreshed = await ensureFreshAttribution(db, visit({ pathname: '/faq', nowMs: later }));
    expect(refreshed.landingPage).toBe('/faq');
    expect((await loadAttribution(db))?.initialVisitTs).toBe(later);
    expect(await db.attribution.count()).toBe(1);
  });

  it('declares a versioned schema', () => {
    db = new WaveframeDatabase('attribution-test-3');
    // Version 2 added the media library's tables (src/db/media-tables.ts), version 3 the cached
    // render lists (src/db/render-tables.ts), version 4 the particle designs saved on the device
    // (src/db/particle-designs.ts), version 5 the saved answers of the lists the server sends
    // whole (src/db/saved-answers.ts), version 6 the tracks' lyrics (src/db/lyrics-table.ts),
    // version 7 the owner of each queued upload (src/db/database.ts).
    expect(db.verno).toBe(7);
    expect(db.tables.map((table) => table.name).sort()).toEqual([
      'attribution',
      'audioAnalyses',
      'libraryAudios',
      'libraryImages',
      'libraryMeta',
      'particleDesigns',
      'renderMeta',
      'renders',
      'savedAnswers',
      'trackLyrics',
      'uploadQueue',
    ]);
  });
});
