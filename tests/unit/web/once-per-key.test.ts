import { describe, expect, it, vi } from 'vitest';
import { oncePerKey } from '../../../src/lib/once-per-key';

describe('oncePerKey', () => {
  it('runs a single-use call once per key and shares its answer', async () => {
    const task = vi.fn(() => Promise.resolve('verified'));
    const first = oncePerKey('verify:abc', task);
    const second = oncePerKey('verify:abc', task);
    expect(second).toBe(first);
    await expect(second).resolves.toBe('verified');
    expect(task).toHaveBeenCalledOnce();
    await oncePerKey('verify:other', task);
    expect(task).toHaveBeenCalledTimes(2);
  });
});
