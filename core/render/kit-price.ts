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

/** "3 visualizer credits and 1 Canvas credit" (or "nothing"). */
export function creditsSentence(total: KitPrice['total']): string {
  const words = [
    total.viz > 0 ? `${total.viz} visualizer credit${total.viz === 1 ? '' : 's'}` : '',
    total.canvas > 0 ? `${total.canvas} Canvas credit${total.canvas === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return words.length > 0 ? words.join(' and ') : 'no credits';
}
