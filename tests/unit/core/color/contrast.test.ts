import { describe, expect, it } from 'vitest';
import {
  assessContrast,
  contrastAgainstWhiteAndBlack,
  contrastRatio,
  formatRatio,
  relativeLuminance,
} from '../../../../core/color/contrast';

describe('WCAG 2.x contrast', () => {
  it('measures relative luminance from black to white', () => {
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1, 10);
    expect(relativeLuminance({ r: 255, g: 0, b: 0 })).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance({ r: 128, g: 128, b: 128 })).toBeCloseTo(0.2159, 4);
  });

  it('gives the ratios of the WCAG examples, in either order', () => {
    const white = { r: 255, g: 255, b: 255 };
    const black = { r: 0, g: 0, b: 0 };
    expect(contrastRatio(white, black)).toBeCloseTo(21, 10);
    expect(contrastRatio(black, white)).toBeCloseTo(21, 10);
    expect(contrastRatio(white, white)).toBe(1);
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio({ r: 0x76, g: 0x76, b: 0x76 }, white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio({ r: 0x77, g: 0x77, b: 0x77 }, white)).toBeLessThan(4.5);
  });

  it('names the levels for normal and large text', () => {
    expect(assessContrast(21)).toMatchObject({
      normalText: 'AAA',
      largeText: 'AAA',
      verdict: 'AAA',
    });
    expect(assessContrast(7)).toMatchObject({ normalText: 'AAA', verdict: 'AAA' });
    expect(assessContrast(6.99)).toMatchObject({
      normalText: 'AA',
      largeText: 'AAA',
      verdict: 'AA',
    });
    expect(assessContrast(4.5)).toMatchObject({
      normalText: 'AA',
      largeText: 'AAA',
      verdict: 'AA',
    });
    expect(assessContrast(4.49)).toMatchObject({
      normalText: 'fails',
      largeText: 'AA',
      verdict: 'AA large',
    });
    expect(assessContrast(3)).toMatchObject({ largeText: 'AA', verdict: 'AA large' });
    expect(assessContrast(2.99)).toMatchObject({
      normalText: 'fails',
      largeText: 'fails',
      verdict: 'fails',
    });
  });

  it('never shows a failing ratio rounded up to a passing one', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
    expect(formatRatio(1)).toBe('1.00:1');
    expect(formatRatio(4.5)).toBe('4.50:1');
  });

  it('rates a colour against white and black', () => {
    const { white, black } = contrastAgainstWhiteAndBlack({ r: 30, g: 144, b: 255 });
    // Dodger blue: large text only on white, body text on black.
    expect(formatRatio(white.ratio)).toBe('3.23:1');
    expect(white.verdict).toBe('AA large');
    expect(formatRatio(black.ratio)).toBe('6.48:1');
    expect(black).toMatchObject({ normalText: 'AA', largeText: 'AAA', verdict: 'AA' });
  });
});
