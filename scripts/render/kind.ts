// A kind of the render command (`npm run render -- <kind> ...`): its options, declared once, and
// the work it does with their values. The command (scripts/render.ts) parses, checks, runs and
// reports the same way for every kind, and writes the usage from these declarations.

import type { OptionTable, OptionValues } from './options';
import type { DeclaredOptions } from './parse-options';
import type { Progress } from './progress';

export interface Kind<Table extends OptionTable = OptionTable> extends DeclaredOptions<Table> {
  /** The command word: `npm run render -- <name>`. */
  name: string;
  /** What it makes, for the usage (one paragraph). */
  about?: string;
  /** The work, with every option checked (files exist, values parsed). */
  run(options: OptionValues<Table>, progress: Progress): Promise<void>;
}

/** A kind with its option types inferred from its table. */
export function defineKind<Table extends OptionTable>(kind: Kind<Table>): Kind {
  return kind;
}
