// The options of the render command's kinds, each declared once: how it shows in the usage, what
// it needs, how its text becomes a value. Parsing them is parse-options.ts; a bad one ends the
// command with one line (UsageError).

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findTemplate } from '../../core/render/renderer';
import type { RenderKind } from '../../core/render/scene';
import type { Template } from '../../core/render/template';

/** Bad input on the command line: the command prints the message as one line and exits 1. */
export class UsageError extends Error {}

export function fail(message: string): never {
  throw new UsageError(message);
}

/** Said after a missing or unknown --template. */
export const SEE_TEMPLATES = '(see: npm run render -- templates)';

export interface Option<T> {
  /** How the value shows in the usage: `<file>`, `30|60`. */
  placeholder: string;
  /** A note for the usage, where the placeholder does not say enough. */
  help?: string;
  /** The option must be given; said after "--name is missing" (may be ''). */
  required?: string;
  /** The value when the option is not given. */
  default?: T;
  /** An option this one makes sense only with, and why. */
  needs?: { option: string; because: string };
  /** An option this one cannot go with, and why. */
  conflicts?: { option: string; because: string };
  /** The value of the option's text, or a fail() with the line to show. */
  parse(text: string, flag: string): T;
  /** A check that needs the disk (a file exists), run once every option has parsed. */
  check?(value: T, flag: string): Promise<T>;
}

export type OptionTable = Record<string, Option<unknown>>;

/** The values of a parsed table: required options and those with a default are always there. */
export type OptionValues<Table> = {
  [K in keyof Table]: Table[K] extends Option<infer T>
    ? Table[K] extends { required: string } | { default: unknown }
      ? T
      : T | undefined
    : never;
};

/** The option made required; `missing` is said after "--name is missing". */
export function required<T>(option: Option<T>, missing = ''): Option<T> & { required: string } {
  return { ...option, required: missing };
}

export function text(help?: string): Option<string> {
  return { placeholder: '<text>', help, parse: (value) => value };
}

/**
 * A file that must exist; its value is the path as given (messages show it so), made absolute
 * where it is handed to the engine. `what` names it in messages.
 */
export function file(what: string, placeholder = '<file>', help?: string): Option<string> {
  return {
    placeholder,
    help,
    parse: (value) => value,
    check: async (value) => {
      await readable(value, what);
      return value;
    },
  };
}

/** The absolute path of a file that exists, else a fail() naming it as `what`. */
export async function readable(file: string, what: string): Promise<string> {
  const info = await stat(file).catch(() => fail(`${what} ${file} does not exist`));
  if (!info.isFile()) fail(`${what} ${file} is not a file`);
  return path.resolve(file);
}

/** Where an MP4 is written (the path as given). */
export function mp4File(): Option<string> {
  return {
    placeholder: '<file.mp4>',
    parse: (value, flag) =>
      value.toLowerCase().endsWith('.mp4') ? value : fail(`${flag} must name an .mp4 file`),
  };
}

/** A folder files are written to (the path as given): it may not exist yet, but is no file. */
export function folder(): Option<string> {
  return {
    placeholder: '<folder>',
    parse: (value) => value,
    check: async (value, flag) => {
      const info = await stat(value).catch(() => null);
      if (info && !info.isDirectory()) fail(`${flag} ${value} is a file, not a folder`);
      return value;
    },
  };
}

/**
 * A number of seconds, 0 or more, within the bounds given (`above` excludes its bound). Out of
 * bounds is told as the range; not a number, as "a number of seconds", or the range when it says
 * that too.
 */
export function seconds(
  bounds: { min?: number; max?: number; above?: number } = {},
): Option<number> {
  const { min, max, above } = bounds;
  const range =
    min !== undefined && max !== undefined
      ? `between ${min} and ${max}`
      : max !== undefined
        ? `a number of seconds up to ${max}`
        : 'a number of seconds';
  const notANumber = range.startsWith('a number') ? range : 'a number of seconds';
  return {
    placeholder: min !== undefined && max !== undefined ? `<${min}-${max}>` : '<seconds>',
    parse(value, flag) {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || n < 0)
        fail(`${flag} must be ${notANumber}`);
      const tooLow = (min !== undefined && n < min) || (above !== undefined && n <= above);
      if (tooLow || (max !== undefined && n > max)) fail(`${flag} must be ${range}`);
      return n;
    },
  };
}

/**
 * A whole number. `offered` are the values the engine takes: the usage and a message name them,
 * and the engine refuses others with its own message (the one the API gives).
 */
export function wholeNumber(offered?: readonly number[]): Option<number> {
  const expected = offered ? listOr(offered.map(String)) : 'a whole number';
  return {
    placeholder: offered ? offered.join('|') : '<n>',
    parse: (value, flag) =>
      /^\d+$/.test(value) ? Number(value) : fail(`${flag} must be ${expected}, not "${value}"`),
  };
}

export interface Size {
  width: number;
  height: number;
}

/** A size such as 1920x1080; `offered` as in wholeNumber (the first is the example). */
export function size(offered: readonly Size[], placeholder?: string, help?: string): Option<Size> {
  const names = offered.map((s) => `${s.width}x${s.height}`);
  return {
    placeholder: placeholder ?? names.join('|'),
    help,
    parse(value, flag) {
      const match = /^(\d+)x(\d+)$/.exec(value);
      if (!match) fail(`${flag} must look like ${names[0]}, not "${value}"`);
      return { width: Number(match[1]), height: Number(match[2]) };
    },
  };
}

/** A template of the kind, by name. */
export function template(kind: RenderKind): Option<Template> {
  return {
    placeholder: '<name>',
    parse: (value) =>
      findTemplate(kind, value) ?? fail(`unknown ${kind} template "${value}" ${SEE_TEMPLATES}`),
  };
}

/** "a, b or c" */
export function listOr(items: readonly string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
