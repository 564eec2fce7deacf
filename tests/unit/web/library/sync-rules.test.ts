import { describe, expect, it } from 'vitest';
import {
  AUDIO_POLL_INTERVAL_MS,
  IMAGE_POLL_INTERVAL_MS,
  nextPollDelay,
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
