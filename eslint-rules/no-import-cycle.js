// ESLint rule: a file of ours may not take part in an import cycle. Layer rules
// (no-restricted-imports) keep imports pointing down between folders; this rule catches circles
// inside a layer too, where one folder's files import each other round in a ring.
//
// Edges are the relative imports of each file (static imports, `export … from`, `import type`
// and dynamic `import()` alike: a circle of types is still a circle in the design), read with
// TypeScript's own pre-processor so comments and strings are never mistaken for imports.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.mjs'];
const INDEX_FILES = EXTENSIONS.map((extension) => `index${extension}`);

/** file -> { mtimeMs, imports }: each file is read and pre-processed once per change. */
const importCache = new Map();

function isFile(candidate) {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** Resolves a relative specifier the way TypeScript's bundler resolution does for our sources. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.resolve(path.dirname(fromFile), bare);
  const withoutJs = base.replace(/\.(c|m)?jsx?$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => withoutJs + extension),
    ...INDEX_FILES.map((index) => path.join(base, index)),
  ];
  const found = candidates.find(
    (candidate) => EXTENSIONS.includes(path.extname(candidate)) && isFile(candidate),
  );
  return found ?? null;
}

/** The files of ours that one file imports (resolved absolute paths). */
export function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const source = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const imports = [
    ...new Set(
      importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter(Boolean),
    ),
  ];
  importCache.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * The shortest cycle through `file` (its files in import order, starting and ending with
 * `file`), or null when no chain of imports leads from `file` back to itself.
 */
export function findCycle(file) {
  const start = path.resolve(file);
  const cameFrom = new Map();
  const queue = [];
  for (const next of importsOf(start)) {
    if (next === start) return [start, start];
    if (!cameFrom.has(next)) {
      cameFrom.set(next, start);
      queue.push(next);
    }
  }
  for (let index = 0; index < queue.length; index += 1) {
    const current = queue[index];
    for (const next of importsOf(current)) {
      if (next === start) {
        const chain = [start];
        for (let step = current; step !== start; step = cameFrom.get(step)) chain.push(step);
        return [start, ...chain.slice(1).reverse(), start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between our own files.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    return {
      Program(node) {
        const cycle = findCycle(context.filename);
        if (!cycle) return;
        const root = context.cwd;
        const chain = cycle.map((file) => path.relative(root, file)).join(' -> ');
        // Point at the import that starts the circle, when it is a plain import or re-export.
        const first = node.body.find(
          (statement) =>
            statement.source &&
            resolveImport(context.filename, String(statement.source.value)) === cycle[1],
        );
        context.report({ node: first ?? node, messageId: 'cycle', data: { chain } });
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
