// What a test run ran on, so a slow run can be told from a slow machine: Node.js, cores, load,
// and two short speed probes (one core running JavaScript, and ffmpeg encoding on all cores),
// and the machine's busy CPU seconds read from /proc/stat (Linux) to say how busy a layer kept it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Seconds the whole machine has been busy since boot (all cores), or null where unknown. */
export function machineBusySeconds(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
  } catch {
    return null;
  }
}

/** Megabytes a second one core hashes with SHA-256 in JavaScript's crypto, over about a second. */
function hashProbe(): number {
  const block = Buffer.alloc(1 << 20, 7);
  const started = performance.now();
  let megabytes = 0;
  while (performance.now() - started < 1000) {
    const hash = createHash('sha256');
    for (let i = 0; i < 16; i++) hash.update(block);
    hash.digest();
    megabytes += 16;
  }
  return megabytes / ((performance.now() - started) / 1000);
}

/** Frames a second ffmpeg's x264 (veryfast) encodes of its own 720p test picture, or null. */
async function encodeProbe(): Promise<number | null> {
  const frames = 120;
  const started = performance.now();
  try {
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30',
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-f',
      'null',
      '-',
    ]);
  } catch {
    return null;
  }
  return frames / ((performance.now() - started) / 1000);
}

/** Lines describing the machine now, for the top of a test run's log. */
export async function describeMachine(): Promise<string[]> {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  const encode = await encodeProbe();
  return [
    `Node.js ${process.version} on ${os.platform()} ${os.arch()}`,
    `${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average ${load.join(' ')} (1, 5, 15 min)`,
    `speed: SHA-256 on one core ${Math.round(hashProbe())} MB/s; ffmpeg x264 veryfast 720p ${encode === null ? 'not measured (no ffmpeg on the PATH)' : `${encode.toFixed(0)} frames/s`}`,
  ];
}
