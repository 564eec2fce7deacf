import { describe, expect, test } from 'vitest';
import { acceptRequestId, currentRequestId, withRequestId } from '../../../server/request-id';

describe('request ids', () => {
  test('a short safe X-Request-Id is kept as it is', () => {
    for (const id of [
      'abc',
      'req-42',
      '3f1c2a9e-7b7d-4c1e-9a53-0b8f5d3e2c11',
      'lb.1:a_b',
      'x'.repeat(64),
    ]) {
      expect(acceptRequestId(id)).toBe(id);
    }
  });

  test('anything else is replaced by a new id', () => {
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
    const given = refused.map((value) => acceptRequestId(value));
    for (const id of given)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(given).size).toBe(given.length);
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
