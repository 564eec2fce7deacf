// `npm test`: every layer in order, each timed, stopping at the first that fails. It starts by
// describing the machine (Node.js, cores, load, two speed probes) and ends with each layer's time
// and how busy it kept the machine (also after a failure), so a slow run can be told from a slow
// machine, and CI logs show where the time goes. The budget is in docs/testing.md.
//
// The web app is built once, as its own step, before the end-to-end layer: the e2e server
// (scripts/start.ts) then finds dist/ fresh and starts at once.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, machineBusySeconds } from './machine';
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

/** Runs side by side; answers the first non-zero exit code, else 0. */
const together =
  (...runs: Array<() => Promise<number>>) =>
  async () =>
    (await Promise.all(runs.map((run) => run()))).find((code) => code !== 0) ?? 0;

/** Runs one after the other, stopping at the first that fails. */
const inTurn =
  (...runs: Array<() => Promise<number>>) =>
  async () => {
    for (const run of runs) {
      const code = await run();
      if (code !== 0) return code;
    }
    return 0;
  };

const layers: Layer[] = [
  { name: 'Chromium present', run: command('npx', ['tsx', 'scripts/require-chromium.ts']) },
  // npm run check, with ESLint and TypeScript side by side (each keeps one core busy).
  {
    name: 'check (format, lint, types)',
    run: inTurn(npm('format:check'), together(npm('lint'), npm('typecheck'))),
  },
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
/** How busy the machine was over a stretch: busy CPU seconds over wall seconds times cores. */
const busy = (cpuSeconds: number | null, ms: number) =>
  cpuSeconds === null
    ? ''
    : `${String(Math.round((100 * cpuSeconds) / ((ms / 1000) * os.availableParallelism()))).padStart(5)} % busy`;

console.log('=== the machine');
for (const line of await describeMachine()) console.log(line);

const results: { name: string; ms: number; cpu: number | null; code: number }[] = [];
const started = performance.now();
const startedCpu = machineBusySeconds();
let failed = false;
for (const layer of layers) {
  console.log(`\n=== ${layer.name}`);
  const at = performance.now();
  const cpuAt = machineBusySeconds();
  const code = await layer.run();
  const cpuNow = machineBusySeconds();
  const cpu = cpuAt === null || cpuNow === null ? null : cpuNow - cpuAt;
  results.push({ name: layer.name, ms: performance.now() - at, cpu, code });
  if (code !== 0) {
    failed = true;
    break;
  }
}

console.log('\n=== time per layer');
for (const { name, ms, cpu, code } of results) {
  console.log(
    `${name.padEnd(30)} ${minutes(ms).padStart(9)}${busy(cpu, ms)}${code === 0 ? '' : '   FAILED'}`,
  );
}
for (const layer of layers.slice(results.length)) {
  console.log(`${layer.name.padEnd(30)}   not run`);
}
const totalMs = performance.now() - started;
const endCpu = machineBusySeconds();
console.log(
  `${'total'.padEnd(30)} ${minutes(totalMs).padStart(9)}${busy(startedCpu === null || endCpu === null ? null : endCpu - startedCpu, totalMs)}`,
);
process.exit(failed ? 1 : 0);
