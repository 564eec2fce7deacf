import { describe, expect, it } from 'vitest';
import {
  formatHsl,
  formatRgb,
  hslToRgb,
  parseHex,
  rgbToHex,
  rgbToHsl,
  roundHsl,
} from '../../../../core/color/color-convert';

describe('rgb, hsl and hex', () => {
  it('converts the primaries, greys and a mixed colour to HSL', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 100, l: 50 });
    expect(rgbToHsl({ r: 0, g: 255, b: 0 })).toEqual({ h: 120, s: 100, l: 50 });
    expect(rgbToHsl({ r: 0, g: 0, b: 255 })).toEqual({ h: 240, s: 100, l: 50 });
    expect(rgbToHsl({ r: 128, g: 128, b: 128 })).toMatchObject({ h: 0, s: 0 });
    expect(roundHsl(rgbToHsl({ r: 30, g: 144, b: 255 }))).toEqual({ h: 210, s: 100, l: 56 });
    expect(roundHsl(rgbToHsl({ r: 255, g: 0, b: 128 }))).toEqual({ h: 330, s: 100, l: 50 });
  });

  it('converts HSL back to RGB, wrapping hue and clamping the rest', () => {
    expect(hslToRgb({ h: 0, s: 100, l: 50 })).toEqual({ r: 255, g: 0, b: 0 });
    expect(hslToRgb({ h: 360, s: 100, l: 50 })).toEqual({ r: 255, g: 0, b: 0 });
    expect(hslToRgb({ h: -120, s: 100, l: 50 })).toEqual({ r: 0, g: 0, b: 255 });
    expect(hslToRgb({ h: 60, s: 100, l: 25 })).toEqual({ r: 128, g: 128, b: 0 });
    expect(hslToRgb({ h: 200, s: 0, l: 100 })).toEqual({ r: 255, g: 255, b: 255 });
    expect(hslToRgb({ h: 10, s: 150, l: -5 })).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('gives every 8-bit colour back from its unrounded HSL', () => {
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 51) {
          expect(hslToRgb(rgbToHsl({ r, g, b }))).toEqual({ r, g, b });
        }
      }
    }
  });

  it('writes and reads hex codes', () => {
    expect(rgbToHex({ r: 30, g: 144, b: 255 })).toBe('#1e90ff');
    expect(rgbToHex({ r: 0, g: 0, b: 0 })).toBe('#000000');
    expect(rgbToHex({ r: 300, g: -4, b: 15.6 })).toBe('#ff0010');
    expect(parseHex('#1E90FF')).toEqual({ r: 30, g: 144, b: 255 });
    expect(parseHex(' 1e90ff ')).toEqual({ r: 30, g: 144, b: 255 });
    expect(parseHex('#f0a')).toEqual({ r: 255, g: 0, b: 170 });
    for (const bad of ['', '#', '#12', '#1234', '#12345g', 'blue', '##123456', '#1234567']) {
      expect(parseHex(bad)).toBeNull();
    }
  });

  it('formats rgb() and hsl() for CSS', () => {
    expect(formatRgb({ r: 30, g: 144, b: 255 })).toBe('rgb(30, 144, 255)');
    expect(formatHsl(rgbToHsl({ r: 30, g: 144, b: 255 }))).toBe('hsl(210, 100%, 56%)');
    expect(formatHsl({ h: 359.7, s: 0.2, l: 99.6 })).toBe('hsl(0, 0%, 100%)');
  });
});
