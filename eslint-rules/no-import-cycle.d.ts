import type { ESLint, Rule } from 'eslint';

/** Resolves a relative import of `fromFile` to one of our files, or null. */
export function resolveImport(fromFile: string, specifier: string): string | null;
/** The files of ours that `file` imports (absolute paths). */
export function importsOf(file: string): string[];
/** The shortest import cycle through `file`, starting and ending with it, or null. */
export function findCycle(file: string): string[] | null;
export const noImportCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
