import { describe, expect, it } from 'vitest';
import {
  AUDIO_POLL_INTERVAL_MS,
  IMAGE_POLL_INTERVAL_MS,
  LIST_MAX_AGE_MS,
  listNeedsFetch,
  nextPollDelay,
  retriesListLoad,
} from '../../../../src/features/library/sync-rules';
import {
  isFinalAudioStatus,
  isFinalImageStatus,
  RATE_LIMITED_RETRY_MS,
} from '../../../../src/lib/media-status';

describe('polling rules (spec 8 and 9)', () => {
  it('polls audio every 10 s and images every 5 s; a 429 is retried after 5 s', () => {
    expect(AUDIO_POLL_INTERVAL_MS).toBe(10_000);
    expect(IMAGE_POLL_INTERVAL_MS).toBe(5_000);
    expect(RATE_LIMITED_RETRY_MS).toBe(5_000);
  });

  it('polls again only while something is not final', () => {
    expect(nextPollDelay({ kind: 'answered', stillProcessing: 2 }, AUDIO_POLL_INTERVAL_MS)).toBe(
      10_000,
    );
    expect(nextPollDelay({ kind: 'answered', stillProcessing: 1 }, IMAGE_POLL_INTERVAL_MS)).toBe(
      5_000,
    );
    expect(nextPollDelay({ kind: 'answered', stillProcessing: 0 }, 10_000)).toBeNull();
    expect(nextPollDelay({ kind: 'idle' }, 10_000)).toBeNull();
  });

  it('a 429 tries again after 5 s; any other error stops', () => {
    expect(nextPollDelay({ kind: 'failed', status: 429 }, 10_000)).toBe(5_000);
    for (const status of [0, 400, 401, 404, 500, 503]) {
      expect(nextPollDelay({ kind: 'failed', status }, 10_000)).toBeNull();
    }
    expect(retriesListLoad(429)).toBe(true);
    expect(retriesListLoad(500)).toBe(false);
    expect(retriesListLoad(0)).toBe(false);
  });

  it('final states: images COMPLETE or FAILED, audio COMPLETE or FAILED', () => {
    expect(isFinalImageStatus('PENDING')).toBe(false);
    expect(isFinalImageStatus('COMPLETE')).toBe(true);
    expect(isFinalImageStatus('FAILED')).toBe(true);
    expect(isFinalAudioStatus('PROGRESSING')).toBe(false);
    expect(isFinalAudioStatus(null)).toBe(false);
    expect(isFinalAudioStatus('COMPLETE')).toBe(true);
    expect(isFinalAudioStatus('FAILED')).toBe(true);
  });
});

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
