// The usage of `npm run render`, written from the kinds' declarations: a synopsis per kind (kinds
// with the same options and texts share one), what it makes, and the options' notes.

import type { Kind } from './kind';
import type { OptionTable } from './options';

const WIDTH = 100;
const SYNOPSIS_INDENT = ' '.repeat(6);
const TEXT_INDENT = ' '.repeat(4);

export function usage(kinds: readonly Kind[]): string {
  const blocks: { names: string[]; terms: string[]; notes: string[] }[] = [];
  for (const kind of kinds) {
    const terms = synopsisTerms(kind);
    const notes = [...(kind.about ? wrap(kind.about, TEXT_INDENT) : []), ...optionNotes(kind)];
    const last = blocks[blocks.length - 1];
    if (last && same(last.terms, terms) && same(last.notes, notes)) last.names.push(kind.name);
    else blocks.push({ names: [kind.name], terms, notes });
  }
  const sections = blocks.map(({ names, terms, notes }) => {
    const command = names.length > 1 ? `<${names.join('|')}>` : names[0]!;
    const synopsis = wrapTerms([`npm run render -- ${command}`, ...terms], '  ', SYNOPSIS_INDENT);
    return [...synopsis, ...(notes.length ? ['', ...notes] : [])].join('\n');
  });
  return `Usage:\n${sections.join('\n\n')}`;
}

/**
 * `--template <name>` for a required option, `[--image <file>]` for another; an option that needs
 * another sits in its brackets; a one-of group is `(--length <seconds> | --audio <file>)`.
 */
function synopsisTerms(kind: Kind): string[] {
  const options: OptionTable = kind.options;
  const oneOf: readonly string[] = kind.oneOf ?? [];
  const term = (name: string): string => {
    const nested = Object.entries(options)
      .filter(([, option]) => option.needs?.option === name)
      .map(([inner]) => ` [${term(inner)}]`);
    return `--${name} ${options[name]!.placeholder}${nested.join('')}`;
  };
  const terms: string[] = [];
  for (const [name, option] of Object.entries(options)) {
    if (option.needs && option.needs.option in options) continue;
    if (oneOf.includes(name)) {
      if (name === oneOf[0]) terms.push(`(${oneOf.map(term).join(' | ')})`);
    } else {
      terms.push(option.required !== undefined ? term(name) : `[${term(name)}]`);
    }
  }
  return terms;
}

/** `--size      one of ...`, aligned, for the options that carry help. */
function optionNotes(kind: Kind): string[] {
  const helped = Object.entries(kind.options).filter(([, option]) => option.help);
  const column = Math.max(0, ...helped.map(([name]) => name.length + 2)) + 2;
  return helped.flatMap(([name, option]) => {
    const lines = wrap(option.help!, TEXT_INDENT + ' '.repeat(column));
    lines[0] = `${TEXT_INDENT}${`--${name}`.padEnd(column)}${lines[0]!.trimStart()}`;
    return lines;
  });
}

function wrap(text: string, indent: string): string[] {
  return wrapTerms(text.split(' '), indent, indent);
}

/** Words joined by spaces into lines of at most WIDTH columns (a longer word stands alone). */
function wrapTerms(words: string[], first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
