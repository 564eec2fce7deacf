import { describe, expect, it } from 'vitest';
import { formatCredits, totalCanvasCredits } from '../../../core/credit-display';

describe('formatCredits', () => {
  it('shows -1 as unlimited', () => {
    expect(formatCredits(-1)).toBe('∞');
  });

  it('shows zero as 0', () => {
    expect(formatCredits(0)).toBe('0');
  });

  it('shows values below 10000 as they are', () => {
    expect(formatCredits(1)).toBe('1');
    expect(formatCredits(250)).toBe('250');
    expect(formatCredits(9999)).toBe('9999');
  });

  it('shows whole thousands from 10000 on with a k', () => {
    expect(formatCredits(10_000)).toBe('10k');
    expect(formatCredits(25_000)).toBe('25k');
  });

  it('adds a plus sign when the value is not a whole thousand', () => {
    expect(formatCredits(10_001)).toBe('10k+');
    expect(formatCredits(12_345)).toBe('12k+');
    expect(formatCredits(99_999)).toBe('99k+');
  });

  it('never shows a negative or broken value', () => {
    expect(formatCredits(-5)).toBe('0');
    expect(formatCredits(Number.NaN)).toBe('0');
  });
});

describe('totalCanvasCredits', () => {
  it('adds paid and free credits', () => {
    expect(totalCanvasCredits(3, 2)).toBe(5);
  });

  it('is unlimited when either side is unlimited', () => {
    expect(totalCanvasCredits(-1, 2)).toBe(-1);
    expect(totalCanvasCredits(4, -1)).toBe(-1);
  });
});
