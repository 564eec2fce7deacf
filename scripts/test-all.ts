// `npm test`: every layer in order, each timed, stopping at the first that fails; the time of each
// layer is printed at the end (also after a failure), so CI logs show where the time goes.
//
// The web app is built once, as its own step, before the end-to-end layer: the e2e server
// (scripts/start.ts) then finds dist/ fresh and starts at once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild } from './web-build';

const root = path.resolve(import.meta.dirname, '..');

interface Layer {
  name: string;
  run: () => Promise<number>;
}

function command(cmd: string, args: string[]): () => Promise<number> {
  return () =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
      child.on('error', () => resolve(127));
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    });
}

const npm = (script: string) => command('npm', ['run', '--silent', script]);

const layers: Layer[] = [
  { name: 'Chromium present', run: command('npx', ['tsx', 'scripts/require-chromium.ts']) },
  { name: 'check (format, lint, types)', run: npm('check') },
  { name: 'unit', run: npm('test:unit') },
  { name: 'API', run: npm('test:api') },
  { name: 'render', run: npm('test:render') },
  {
    name: 'web build',
    run: async () => {
      try {
        await ensureWebBuild(root, path.join(root, 'dist'), (line) => console.log(line));
        return 0;
      } catch (error) {
        console.error(error);
        return 1;
      }
    },
  },
  { name: 'end-to-end', run: command('npx', ['playwright', 'test']) },
];

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const results: { name: string; ms: number; code: number }[] = [];
const started = performance.now();
let failed = false;
for (const layer of layers) {
  console.log(`\n=== ${layer.name}`);
  const at = performance.now();
  const code = await layer.run();
  results.push({ name: layer.name, ms: performance.now() - at, code });
  if (code !== 0) {
    failed = true;
    break;
  }
}

console.log('\n=== time per layer');
for (const { name, ms, code } of results) {
  console.log(`${name.padEnd(30)} ${minutes(ms).padStart(9)}${code === 0 ? '' : '   FAILED'}`);
}
for (const layer of layers.slice(results.length)) {
  console.log(`${layer.name.padEnd(30)}   not run`);
}
console.log(`${'total'.padEnd(30)} ${minutes(performance.now() - started).padStart(9)}`);
process.exit(failed ? 1 : 0);
