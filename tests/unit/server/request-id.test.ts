import { describe, expect, test } from 'vitest';
import {
  clientRequestId,
  currentRequestId,
  newRequestId,
  withRequestId,
} from '../../../server/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  test('each request gets a new id of the server’s own', () => {
    const given = Array.from({ length: 100 }, () => newRequestId());
    for (const id of given) expect(id).toMatch(UUID);
    expect(new Set(given).size).toBe(given.length);
  });

  test('a short safe X-Request-Id is kept as the client’s id, to log beside it', () => {
    for (const id of [
      'abc',
      'req-42',
      '3f1c2a9e-7b7d-4c1e-9a53-0b8f5d3e2c11',
      'lb.1:a_b',
      'x'.repeat(64),
    ]) {
      expect(clientRequestId(id)).toBe(id);
    }
  });

  test('anything else is not kept at all', () => {
    const refused: (string | string[] | undefined)[] = [
      undefined,
      '',
      'x'.repeat(65),
      'two words',
      'line\nbreak',
      'quote"',
      '{"level":60}',
      'é',
      ['one', 'two'],
    ];
    for (const value of refused) expect(clientRequestId(value)).toBeUndefined();
  });

  test('the current id follows asynchronous work and ends with it', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId('outer', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const inner = await withRequestId(undefined, async () => currentRequestId());
      return [currentRequestId(), inner];
    });
    expect(seen).toEqual(['outer', undefined]);
    expect(currentRequestId()).toBeUndefined();
  });
});
