import { describe, expect, it } from 'vitest';
import {
  balanceText,
  creditsText,
  kitPath,
  shortfallText,
  timeLeftText,
} from '../../../../src/features/release-kits/kit-words';

describe('the kit’s price in words', () => {
  it('names each credit type it takes', () => {
    expect(creditsText({ viz: 3, canvas: 1 })).toBe('3 visualizer credits and 1 Canvas credit');
    expect(creditsText({ viz: 1, canvas: 0 })).toBe('1 visualizer credit');
    expect(creditsText({ viz: 0, canvas: 2 })).toBe('2 Canvas credits');
    expect(creditsText({ viz: 0, canvas: 0 })).toBe('No credits');
  });

  it('says the balance of the types the kit spends, unlimited ones too', () => {
    expect(balanceText({ total: { viz: 3, canvas: 1 }, balance: { viz: 12, canvas: 0 } })).toBe(
      '12 visualizer credits and 0 Canvas credits',
    );
    expect(balanceText({ total: { viz: 3, canvas: 0 }, balance: { viz: 1, canvas: 5 } })).toBe(
      '1 visualizer credit',
    );
    expect(balanceText({ total: { viz: 0, canvas: 1 }, balance: { viz: 1, canvas: null } })).toBe(
      'unlimited Canvas credits',
    );
    expect(balanceText({ total: { viz: 3, canvas: 1 }, balance: { viz: null, canvas: 2 } })).toBe(
      'unlimited visualizer credits and 2 Canvas credits',
    );
  });

  it('says what is short and what to do', () => {
    expect(shortfallText({ total: { viz: 3, canvas: 1 }, balance: { viz: 1, canvas: 1 } })).toBe(
      'This kit needs 3 visualizer credits and 1 Canvas credit, and you have 1 visualizer credit and 1 Canvas credit. Choose fewer outputs, or upgrade your plan for more credits.',
    );
  });
});

describe('time left', () => {
  it('rounds to what people read', () => {
    expect(timeLeftText(null)).toBe('');
    expect(timeLeftText(undefined)).toBe('');
    expect(timeLeftText(Number.NaN)).toBe('');
    expect(timeLeftText(0)).toBe('About 1 s left');
    expect(timeLeftText(39.2)).toBe('About 40 s left');
    expect(timeLeftText(185)).toBe('About 3 min left');
    expect(timeLeftText(3900)).toBe('About 1 h 5 min left');
  });
});

describe('the kit’s address', () => {
  it('is under /media/release-kits', () => {
    expect(kitPath('abc-123')).toBe('/media/release-kits/abc-123');
    expect(kitPath('a/b')).toBe('/media/release-kits/a%2Fb');
  });
});
