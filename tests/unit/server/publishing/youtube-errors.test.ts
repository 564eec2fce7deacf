import { describe, expect, test } from 'vitest';
import { classify, YouTubeError } from '../../../../server/repositories/youtube/youtube-gateway';
import { backoffMs } from '../../../../server/services/publishing/upload-runner';

/** An error as gaxios throws it for an HTTP answer. */
const answered = (status: number, data: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), {
    response: { status, data, headers: new Headers() },
  });
const apiError = (status: number, reason: string, message = 'msg') =>
  answered(status, { error: { code: status, message, errors: [{ reason, domain: 'youtube' }] } });

describe('classify', () => {
  test('no answer, 5xx and rate limits are worth asking again', () => {
    expect(
      classify(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })),
    ).toMatchObject({ kind: 'transient', reason: 'ECONNRESET' });
    expect(classify(apiError(503, 'backendError')).kind).toBe('transient');
    expect(classify(apiError(403, 'rateLimitExceeded')).kind).toBe('transient');
  });

  test('quota, permission and revoked grants end the upload with a reason for people', () => {
    const quota = classify(apiError(403, 'quotaExceeded'));
    expect(quota).toMatchObject({ kind: 'quota', reason: 'quotaExceeded' });
    expect(quota.message).toBe(
      'YouTube’s daily upload allowance for Waveframe is used up. Try again tomorrow.',
    );
    expect(classify(apiError(400, 'uploadLimitExceeded')).kind).toBe('quota');
    expect(classify(apiError(403, 'forbidden', 'Not allowed.'))).toMatchObject({
      kind: 'permission',
      message: 'YouTube refused: Not allowed.',
    });
    expect(classify(answered(400, { error: 'invalid_grant' })).kind).toBe('revoked');
    expect(classify(apiError(401, 'authError')).kind).toBe('revoked');
  });

  test('an ended session, refused details and OAuth codes', () => {
    expect(classify(answered(404, 'Not Found')).kind).toBe('session-gone');
    expect(classify(apiError(400, 'invalidTitle', 'The title is bad.'))).toMatchObject({
      kind: 'rejected',
      message: 'YouTube refused the request: The title is bad.',
    });
    expect(classify(answered(400, { error: 'invalid_token' })).reason).toBe('invalid_token');
    const mine = new YouTubeError('quota', 'x', 'y');
    expect(classify(mine)).toBe(mine);
  });
});

describe('backoffMs', () => {
  test('doubles from one second to a cap of 32 s, with up to a quarter more at random', () => {
    expect([1, 2, 3, 6, 7, 20].map((tries) => backoffMs(tries, 0))).toEqual([
      1000, 2000, 4000, 32_000, 32_000, 32_000,
    ]);
    expect(backoffMs(1, 0.999)).toBeLessThanOrEqual(1250);
  });
});
