// What a release kit costs: the sum of its parts (each video one credit of its kind, the
// thumbnail free, as it comes with the full video), less the catalogue's kit discount when the
// whole kit is made.

import { KIT_DISCOUNT_VIZ_CREDITS } from '../plans/catalogue';
import type { KitPrice } from './kit-api-types';
import { KIT_OUTPUTS, type KitOutput } from './release-kit';

/** The credits each output spends. */
export const KIT_PART_CREDITS: Record<
  KitOutput,
  { credit_type: 'viz' | 'canvas'; credits: number }
> = {
  full: { credit_type: 'viz', credits: 1 },
  vertical: { credit_type: 'viz', credits: 1 },
  feed: { credit_type: 'viz', credits: 1 },
  canvas: { credit_type: 'canvas', credits: 1 },
  thumbnail: { credit_type: 'viz', credits: 0 },
};

/**
 * The price of a kit of these outputs for a user with this balance (null: the plan has that
 * credit without limit).
 */
export function kitPrice(
  outputs: readonly KitOutput[],
  balance: KitPrice['balance'],
  discountViz: number = KIT_DISCOUNT_VIZ_CREDITS,
): KitPrice {
  const chosen = KIT_OUTPUTS.filter((output) => outputs.includes(output));
  const parts = chosen.map((output) => ({ output, ...KIT_PART_CREDITS[output] }));
  const sum = (type: 'viz' | 'canvas') =>
    parts.filter((part) => part.credit_type === type).reduce((n, part) => n + part.credits, 0);
  const whole = chosen.length === KIT_OUTPUTS.length;
  const discount = whole ? Math.min(Math.max(0, discountViz), sum('viz')) : 0;
  const total = { viz: sum('viz') - discount, canvas: sum('canvas') };
  const enough = (['viz', 'canvas'] as const).every((type) => {
    const has = balance[type];
    return has === null || has >= total[type];
  });
  return { outputs: chosen, parts, discount_viz: discount, total, balance, enough };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 visualizer credits and 1 Canvas credit"; "No credits" for a free kit. */
export function creditsText(total: KitPrice['total']): string {
  const parts: string[] = [];
  if (total.viz > 0) parts.push(plural(total.viz, 'visualizer credit', 'visualizer credits'));
  if (total.canvas > 0) parts.push(plural(total.canvas, 'Canvas credit', 'Canvas credits'));
  return parts.length > 0 ? parts.join(' and ') : 'No credits';
}

/** What the user has of the credit types the kit spends: "12 visualizer credits and 2 Canvas credits". */
export function balanceText(price: Pick<KitPrice, 'total' | 'balance'>): string {
  const one = (value: number | null, singular: string, many: string) =>
    value === null ? `unlimited ${many}` : plural(Math.max(0, value), singular, many);
  const viz = one(price.balance.viz, 'visualizer credit', 'visualizer credits');
  const canvas = one(price.balance.canvas, 'Canvas credit', 'Canvas credits');
  if (price.total.canvas > 0 && price.total.viz > 0) return `${viz} and ${canvas}`;
  return price.total.canvas > 0 ? canvas : viz;
}

/** Why the kit cannot start for want of credits, and what to do. */
export function shortfallText(price: Pick<KitPrice, 'total' | 'balance'>): string {
  return `This kit needs ${creditsText(price.total)}, and you have ${balanceText(price)}. Choose fewer outputs, or upgrade your plan for more credits.`;
}
