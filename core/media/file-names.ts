// Windows device names: a file called CON or com1.mp3 cannot be created there.
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * Spec section 5's file-name rule: non-ASCII characters removed, spaces to underscores,
 * reserved device names prefixed. Used to compare uploads; files are stored under generated names.
 */
export function sanitizeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = name.replace(/[^\x00-\x7F]/g, '').replace(/ /g, '_');
  return RESERVED.test(ascii) ? `_${ascii}` : ascii;
}
