import { describe, expect, test } from 'vitest';
import { unusedRefund } from '../../../../core/plans/refund';

const DAY = 24 * 3600 * 1000;
const start = new Date('2026-11-01T00:00:00Z');
const month = { startsAt: start, endsAt: new Date(start.getTime() + 30 * DAY) };
const at = (days: number) => new Date(start.getTime() + days * DAY);

describe('what a paid period ended early refunds', () => {
  test('a period paid today is refunded whole', () => {
    expect(unusedRefund(999, month, at(0))).toBe(999);
    expect(unusedRefund(999, month, at(0.9))).toBe(999);
  });

  test('the share of its days left, a day begun counted as left, rounded up', () => {
    expect(unusedRefund(999, month, at(15))).toBe(500);
    expect(unusedRefund(999, month, at(29.5))).toBe(34);
    expect(unusedRefund(8999, { startsAt: start, endsAt: at(360) }, at(90))).toBe(6750);
  });

  test('a period over, or one that has not begun, refunds nothing more than it cost', () => {
    expect(unusedRefund(999, month, at(30))).toBe(0);
    expect(unusedRefund(999, month, at(45))).toBe(0);
    expect(unusedRefund(999, month, at(-3))).toBe(999);
  });
});
