import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('the settings of lost workers and long renders', () => {
  test('defaults: a beat every 10 s, lost after 30 s, long from 900 s of render time', () => {
    const config = loadConfig({});
    expect(config.worker).toMatchObject({ heartbeatSeconds: 10, lostAfterSeconds: 30 });
    expect(config.renderSlots.longRenderSeconds).toBe(900);
  });

  test('a worker late by one beat is never taken for lost: lost after at least two beats', () => {
    expect(() =>
      loadConfig({ WORKER_HEARTBEAT_SECONDS: '10', WORKER_LOST_AFTER_SECONDS: '15' }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration: WORKER_LOST_AFTER_SECONDS must be at least twice WORKER_HEARTBEAT_SECONDS (got 15 and 10).',
      ),
    );
    expect(
      loadConfig({ WORKER_HEARTBEAT_SECONDS: '1', WORKER_LOST_AFTER_SECONDS: '4' }).worker,
    ).toMatchObject({ heartbeatSeconds: 1, lostAfterSeconds: 4 });
  });
});
