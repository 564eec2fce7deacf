import { describe, expect, it } from 'vitest';
import {
  BRAILLE_BLANK,
  captionCharactersLeft,
  captionLength,
  INSTAGRAM_CAPTION_LIMIT,
  spaceForInstagram,
} from '../../../../core/text/instagram-spacer';

const B = BRAILLE_BLANK;

describe('the Instagram line-break spacer', () => {
  it('holds each blank line with one invisible character', () => {
    expect(spaceForInstagram('New single out now\n\nLink in bio')).toBe(
      `New single out now\n${B}\nLink in bio`,
    );
    expect(spaceForInstagram('a\n\n\n\nb')).toBe(`a\n${B}\n${B}\n${B}\nb`);
    expect(spaceForInstagram('a\r\n   \r\nb')).toBe(`a\n${B}\nb`);
  });

  it('turns leading spaces and tabs into invisible characters and drops trailing ones', () => {
    expect(spaceForInstagram('Lyrics:\n  first line  \n\tsecond')).toBe(
      `Lyrics:\n${B}${B}first line\n${B}${B}${B}${B}second`,
    );
    expect(spaceForInstagram('no  change  inside')).toBe('no  change  inside');
  });

  it('drops blank lines at the very start and end, and leaves its own output unchanged', () => {
    const once = spaceForInstagram('\n\n  Hello\n\nworld\n\n\n');
    expect(once).toBe(`${B}${B}Hello\n${B}\nworld`);
    expect(spaceForInstagram(once)).toBe(once);
    expect(spaceForInstagram('')).toBe('');
    expect(spaceForInstagram('\n \n')).toBe('');
  });

  it('counts characters against the 2,200 limit, the added ones included', () => {
    expect(INSTAGRAM_CAPTION_LIMIT).toBe(2200);
    expect(captionLength(spaceForInstagram('a\n\nb'))).toBe(5);
    expect(captionLength('🎵')).toBe(2);
    expect(captionCharactersLeft('x'.repeat(2200))).toBe(0);
    expect(captionCharactersLeft('x'.repeat(2201))).toBe(-1);
  });
});
