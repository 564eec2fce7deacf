import { describe, expect, it } from 'vitest';
import { creditsText, kitPrice } from '../../../../core/render/kit-price';
import { KIT_OUTPUTS } from '../../../../core/render/release-kit';

describe('kitPrice', () => {
  it('is the sum of the parts: a credit per video of its kind, the thumbnail free', () => {
    const price = kitPrice(KIT_OUTPUTS, { viz: 10, canvas: 2 });
    expect(price.total).toEqual({ viz: 3, canvas: 1 });
    expect(price.parts.find((part) => part.output === 'thumbnail')?.credits).toBe(0);
    expect(price.enough).toBe(true);
  });

  it('lists the outputs in the kit’s order whatever order they were asked in', () => {
    expect(kitPrice(['canvas', 'full'], { viz: 1, canvas: 1 }).outputs).toEqual(['full', 'canvas']);
  });

  it('is not enough when either credit falls short; an unlimited one never does', () => {
    expect(kitPrice(KIT_OUTPUTS, { viz: 2, canvas: 5 }).enough).toBe(false);
    expect(kitPrice(KIT_OUTPUTS, { viz: 5, canvas: 0 }).enough).toBe(false);
    expect(kitPrice(KIT_OUTPUTS, { viz: null, canvas: null }).enough).toBe(true);
    expect(kitPrice(['vertical'], { viz: 1, canvas: 0 }).enough).toBe(true);
  });

  it('takes the catalogue’s discount off a whole kit only, never below nothing', () => {
    expect(kitPrice(KIT_OUTPUTS, { viz: 2, canvas: 1 }, 1)).toMatchObject({
      discount_viz: 1,
      total: { viz: 2, canvas: 1 },
      enough: true,
    });
    expect(kitPrice(['full', 'vertical'], { viz: 9, canvas: 9 }, 1).discount_viz).toBe(0);
    expect(kitPrice(KIT_OUTPUTS, { viz: 9, canvas: 9 }, 7).total.viz).toBe(0);
  });
});

describe('creditsText', () => {
  it('names each credit with its number', () => {
    expect(creditsText({ viz: 3, canvas: 1 })).toBe('3 visualizer credits and 1 Canvas credit');
    expect(creditsText({ viz: 1, canvas: 0 })).toBe('1 visualizer credit');
    expect(creditsText({ viz: 0, canvas: 2 })).toBe('2 Canvas credits');
    expect(creditsText({ viz: 0, canvas: 0 })).toBe('No credits');
  });
});
