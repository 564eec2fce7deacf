// The one parser of the render command's options: a kind's declared options (options.ts) from
// its arguments, or a UsageError with the one line to show.

import { parseArgs } from 'node:util';
import { fail, UsageError, type OptionTable, type OptionValues } from './options';

export interface DeclaredOptions<Table extends OptionTable> {
  options: Table;
  /** Options of which exactly one is given (loop: --length or --audio). */
  oneOf?: readonly (keyof Table & string)[];
}

/**
 * Checks in this order, so the first fault found is the one told: unknown or valueless options;
 * then each option in the order declared (missing, given without what it needs or with what it
 * conflicts with, a bad value); then the one-of group; then the checks on disk (files exist).
 */
export async function parseOptions<Table extends OptionTable>(
  declared: DeclaredOptions<Table>,
  argv: string[],
): Promise<OptionValues<Table>> {
  const given = givenTexts(Object.keys(declared.options), argv);
  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(declared.options)) {
    const flag = `--${name}`;
    const text = given[name];
    if (text === undefined) {
      if (option.required !== undefined) fail(`${flag} is missing${option.required}`);
      values[name] = option.default;
      continue;
    }
    const { needs, conflicts } = option;
    if (needs && given[needs.option] === undefined) {
      fail(`${flag} needs --${needs.option}: ${needs.because}`);
    }
    if (conflicts && given[conflicts.option] !== undefined) {
      fail(`${flag} is for a video without --${conflicts.option}: ${conflicts.because}`);
    }
    values[name] = option.parse(text, flag);
  }
  const oneOf = declared.oneOf ?? [];
  if (oneOf.length > 0 && oneOf.filter((name) => given[name] !== undefined).length !== 1) {
    const choices = oneOf.map((name) => `--${name} ${declared.options[name]!.placeholder}`);
    fail(`give either ${choices.join(' or ')}`);
  }
  for (const [name, option] of Object.entries(declared.options)) {
    if (option.check && given[name] !== undefined) {
      values[name] = await option.check(values[name], `--${name}`);
    }
  }
  return values as OptionValues<Table>;
}

/** The text of each option given; node's parser refuses unknown options and missing values. */
function givenTexts(names: string[], argv: string[]): Record<string, string | undefined> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      strict: true,
    });
    return values as Record<string, string | undefined>;
  } catch (error) {
    if (
      error instanceof TypeError &&
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
    ) {
      throw new UsageError(error.message.split('\n')[0]);
    }
    throw error;
  }
}
