// Caption text whose blank lines and indents survive being pasted into Instagram. Instagram trims
// whitespace from the ends of each line and collapses runs of empty lines, but keeps U+2800
// BRAILLE PATTERN BLANK: a character that draws nothing yet is no whitespace.

/** The invisible character that holds a blank line or an indent in place. */
export const BRAILLE_BLANK = '\u2800';

/** Instagram's caption limit, in characters. */
export const INSTAGRAM_CAPTION_LIMIT = 2200;

/** Spaces a leading tab stands for. */
const TAB_WIDTH = 4;

/**
 * The text ready for an Instagram caption: every blank line holds one U+2800, every leading space
 * becomes one, trailing spaces go (a space before a line break can make Instagram drop the break)
 * and blank lines at the very start and end go.
 */
export function spaceForInstagram(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const isBlank = (line: string) => line.replace(new RegExp(BRAILLE_BLANK, 'g'), '').trim() === '';
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && isBlank(lines[first] as string)) first += 1;
  while (last >= first && isBlank(lines[last] as string)) last -= 1;

  return lines
    .slice(first, last + 1)
    .map((line) => {
      if (isBlank(line)) return BRAILLE_BLANK;
      const trimmed = line.replace(/[ \t\u00a0]+$/, '');
      const indent = /^[ \t\u00a0\u2800]*/.exec(trimmed)?.[0] ?? '';
      const width = [...indent].reduce((sum, c) => sum + (c === '\t' ? TAB_WIDTH : 1), 0);
      return BRAILLE_BLANK.repeat(width) + trimmed.slice(indent.length);
    })
    .join('\n');
}

/**
 * Characters as Instagram's limit counts them: UTF-16 code units, as a text field's length does
 * (an emoji can count as two).
 */
export function captionLength(text: string): number {
  return text.length;
}

/** How many characters remain under the limit; negative when over it. */
export function captionCharactersLeft(text: string): number {
  return INSTAGRAM_CAPTION_LIMIT - captionLength(text);
}
