import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import localRules, { findCycle } from '../../../eslint-rules/no-import-cycle.js';

let root: string;

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

const at = (name: string) => path.join(root, name);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findCycle', () => {
  test('finds the shortest circle back to the file, through index files and type imports', () => {
    write({
      'a.ts': "import { b } from './b';\nexport const a = b;",
      'b.ts': "import type { C } from './c';\nexport const b = 1 as unknown as C;",
      'c/index.ts': "export { a as C } from '../a';",
    });
    expect(findCycle(at('a.ts'))).toEqual([at('a.ts'), at('b.ts'), at('c/index.ts'), at('a.ts')]);
  });

  test('a chain that leads elsewhere, a package import and a commented import are no cycle', () => {
    write({
      'a.ts': "import { b } from './b';\nimport React from 'react';\nexport const a = [b, React];",
      'b.ts': "// import { a } from './a';\nimport { c } from './c';\nexport const b = c;",
      'c.ts': 'export const c = 3;',
    });
    expect(findCycle(at('a.ts'))).toBeNull();
    expect(findCycle(at('c.ts'))).toBeNull();
  });

  test('a file importing itself is a cycle', () => {
    write({ 'self.ts': "export * from './self';" });
    expect(findCycle(at('self.ts'))).toEqual([at('self.ts'), at('self.ts')]);
  });
});

test('the ESLint rule reports the import that starts the circle', async () => {
  write({
    'a.ts': "import { z } from './z';\nimport { b } from './b';\nexport const a = [b, z];",
    'b.ts': "import { a } from './a';\nexport const b = () => a;",
    'z.ts': 'export const z = 0;',
  });
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: localRules },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles([at('a.ts'), at('z.ts')]);
  const messagesOf = (name: string) => results.find((r) => r.filePath === at(name))?.messages;
  expect(messagesOf('a.ts')).toHaveLength(1);
  expect(messagesOf('a.ts')?.[0]).toMatchObject({
    line: 2,
    message: 'Import cycle: a.ts -> b.ts -> a.ts',
  });
  expect(messagesOf('z.ts')).toEqual([]);
});
