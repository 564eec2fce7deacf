// A Playwright reporter that tells where the end-to-end layer's CPU goes: for each test, its wall
// time and the CPU seconds its processes spent meanwhile (browser, server, renders: on a 2-core
// machine the layer is bound by CPU, so CPU seconds are its real cost). Run with one
// worker so each test's CPU is its own:
//
//   npx playwright test --workers=1 --reporter=./tests/support/cpu-reporter.ts,list
//
// It writes the table, costliest first, to test-results/cpu-per-test.txt (and a per-file sum).
// Linux only (it reads /proc); elsewhere it says so and reports wall time alone.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * CPU seconds spent by this process and everything it started (the workers, Chromium, the e2e
 * server and its renders): each live process's own time plus that of its children it has
 * reaped. Other work on the machine is left out. Null where /proc is missing.
 */
function treeCpuSeconds(): number | null {
  try {
    const ticks = 100; // USER_HZ, the unit of /proc/<pid>/stat times on Linux
    const parents = new Map<number, number>();
    const times = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces), from "state" on.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(entry), Number(fields[1]));
        // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 here.
        times.set(
          Number(entry),
          fields
            .slice(11, 15)
            .map(Number)
            .reduce((a, b) => a + b, 0),
        );
      } catch {
        // the process ended meanwhile
      }
    }
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p))
        if (p === process.pid) return true;
      return false;
    };
    let total = 0;
    for (const [pid, time] of times) if (inTree(pid)) total += time;
    return total / ticks;
  } catch {
    return null;
  }
}

interface Row {
  title: string;
  file: string;
  wallSeconds: number;
  cpuSeconds: number | null;
  status: string;
}

export default class CpuReporter implements Reporter {
  private readonly started = new Map<TestCase, { at: number; cpu: number | null }>();
  private readonly rows: Row[] = [];

  onTestBegin(test: TestCase): void {
    this.started.set(test, { at: performance.now(), cpu: treeCpuSeconds() });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = this.started.get(test);
    if (!start) return;
    const cpu = treeCpuSeconds();
    this.rows.push({
      title: test.titlePath().slice(3).join(' › '),
      file: path.basename(test.location.file),
      wallSeconds: (performance.now() - start.at) / 1000,
      cpuSeconds: cpu !== null && start.cpu !== null ? cpu - start.cpu : null,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    const cost = (row: Row) => row.cpuSeconds ?? row.wallSeconds;
    const rows = [...this.rows].sort((a, b) => cost(b) - cost(a));
    const files = new Map<string, { wall: number; cpu: number; tests: number }>();
    for (const row of rows) {
      const sum = files.get(row.file) ?? { wall: 0, cpu: 0, tests: 0 };
      sum.wall += row.wallSeconds;
      sum.cpu += row.cpuSeconds ?? 0;
      sum.tests += 1;
      files.set(row.file, sum);
    }
    const number = (value: number | null) =>
      value === null ? '   -' : value.toFixed(1).padStart(6);
    const lines = [
      `end-to-end: ${rows.length} tests, ${result.status}; CPU = seconds of the run's own processes`,
      '',
      'per file:   CPU s   wall s  tests',
      ...[...files]
        .sort((a, b) => b[1].cpu - a[1].cpu || b[1].wall - a[1].wall)
        .map(
          ([file, sum]) =>
            `${number(sum.cpu)}  ${number(sum.wall)}  ${String(sum.tests).padStart(3)}  ${file}`,
        ),
      '',
      'per test:   CPU s   wall s',
      ...rows.map(
        (row) =>
          `${number(row.cpuSeconds)}  ${number(row.wallSeconds)}  ${row.file} › ${row.title}${row.status === 'passed' ? '' : ` (${row.status})`}`,
      ),
    ];
    mkdirSync('test-results', { recursive: true });
    writeFileSync(path.join('test-results', 'cpu-per-test.txt'), `${lines.join('\n')}\n`);
    if (treeCpuSeconds() === null) console.log('cpu-reporter: no /proc/stat here, wall time only');
  }
}
