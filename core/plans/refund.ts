// What a musician gets back of a paid period that ends early (a subscription another one of theirs
// replaces): the period's price times the share of its days still to come.

const DAY_MS = 24 * 3600 * 1000;

/**
 * The refund of a paid period ended at `now`, in minor units: its price times the share of its
 * days left, counting a day begun as left (in the buyer's favour), so a period paid today is
 * refunded whole and one already over gets nothing.
 */
export function unusedRefund(
  total: number,
  period: { startsAt: Date; endsAt: Date },
  now: Date,
): number {
  const length = period.endsAt.getTime() - period.startsAt.getTime();
  const days = Math.max(1, Math.round(length / DAY_MS));
  const left = Math.min(days, Math.ceil((period.endsAt.getTime() - now.getTime()) / DAY_MS));
  if (left <= 0) return 0;
  return Math.min(total, Math.ceil((total * left) / days));
}
