import { describe, expect, test } from 'vitest';
import { kitTimeLeft, type KitPartProgress } from '../../../../core/render/kit-time-left';
import type { RenderOutput } from '../../../../core/render/render-time';

/** A kit of a 3-minute track: the parts as the server plans them. */
const PLAN: { name: string; output: RenderOutput; seconds: number }[] = [
  {
    name: 'full',
    output: { kind: 'visualizer', width: 1920, height: 1080, fps: 30 },
    seconds: 180,
  },
  {
    name: 'vertical',
    output: { kind: 'visualizer', width: 1080, height: 1920, fps: 30 },
    seconds: 30,
  },
  { name: 'feed', output: { kind: 'visualizer', width: 1080, height: 1350, fps: 30 }, seconds: 30 },
  { name: 'canvas', output: { kind: 'canvas', width: 1080, height: 1920, fps: 30 }, seconds: 6 },
];

/** A small seeded random source (mulberry32), so the jitter is the same every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Machine {
  /** How many parts render at once (workers free for this user). */
  workers: number;
  /** Wall seconds a second of video takes, per part (this machine is not the benchmark's). */
  secondsPerVideoSecond: Record<string, number>;
  /** Before the first frame (inputs, ffmpeg, the kit's titled thumbnail) and after the last. */
  startupSeconds: number;
  finishSeconds: number;
  /** Each second's frames vary by up to this share either way. */
  jitter: number;
}

/**
 * Runs the kit second by second on `machine`, the renders writing their progress once a second
 * as the render job does, and asks the time left every 2 s as the kit's page does. Answers each
 * ask with the true time left (known once the run is over).
 */
function simulate(machine: Machine, seed = 7) {
  const next = random(seed);
  const parts = PLAN.map((plan) => ({
    ...plan,
    state: 'waiting' as KitPartProgress['state'],
    fraction: 0,
    startedAt: null as number | null,
    work: 0,
    finishAt: null as number | null,
  }));
  const asks: { t: number; seconds: number | null; percent: number }[] = [];
  let t = 0;
  let end = 0;
  for (; t < 24 * 3600; t++) {
    // Free workers take the next waiting parts, in the plan's order.
    const running = parts.filter((p) => p.state === 'rendering');
    for (const part of parts.filter((p) => p.state === 'waiting')) {
      if (running.length >= machine.workers) break;
      part.state = 'rendering';
      part.startedAt = t * 1000;
      running.push(part);
    }
    for (const part of running) {
      const since = t - part.startedAt! / 1000;
      if (part.finishAt !== null) {
        if (t >= part.finishAt) part.state = 'done';
        continue;
      }
      if (since < machine.startupSeconds) continue;
      const speed = 1 + machine.jitter * (2 * next() - 1);
      part.work += speed / machine.secondsPerVideoSecond[part.name]!;
      part.fraction = Math.min(1, part.work / part.seconds);
      if (part.fraction >= 1) part.finishAt = t + machine.finishSeconds;
    }
    if (t % 2 === 0) {
      const view = kitTimeLeft(
        parts.map(({ output, seconds, state, fraction, startedAt }) => ({
          output,
          seconds,
          state,
          fraction,
          startedAt,
        })),
        t * 1000,
      );
      asks.push({ t, ...view });
    }
    if (parts.every((p) => p.state === 'done')) {
      end = t;
      break;
    }
  }
  return { end, asks: asks.map((ask) => ({ ...ask, truth: end - ask.t })) };
}

/** The minutes a person reads ("About 13 min left"). */
const minutes = (seconds: number) => Math.round(seconds / 60);

const SLOW_MACHINE: Machine = {
  workers: 1,
  // Twice the benchmark's visualizer time; the Canvas of a picture quicker than planned.
  secondsPerVideoSecond: { full: 1.1, vertical: 1.2, feed: 0.8, canvas: 0.5 },
  startupSeconds: 5,
  finishSeconds: 2,
  jitter: 0.2,
};

describe('kitTimeLeft', () => {
  // Each seed is another run of the same kit, its seconds of rendering a little faster or slower.
  const SEEDS = [1, 2, 3, 4, 5, 6];

  test.each(SEEDS)(
    'one worker, the parts in turn: the time left only goes down (run %i)',
    (seed) => {
      const { end, asks } = simulate(SLOW_MACHINE, seed);
      expect(end).toBeGreaterThan(250);
      const known = asks.filter((ask) => ask.seconds !== null);
      // Known within the first half minute, and from then on to the end.
      expect(known[0]!.t).toBeLessThanOrEqual(30);
      expect(asks.filter((ask) => ask.t >= known[0]!.t && ask.truth > 0)).toEqual(
        known.filter((ask) => ask.truth > 0),
      );
      for (let i = 1; i < known.length; i++) {
        // Never up by more than a few seconds between two asks 2 s apart (a part's start-up)…
        expect(known[i]!.seconds!, `at ${known[i]!.t} s`).toBeLessThanOrEqual(
          known[i - 1]!.seconds! + 4,
        );
        // …and the minutes shown never go back up.
        expect(minutes(known[i]!.seconds!), `at ${known[i]!.t} s`).toBeLessThanOrEqual(
          minutes(known[i - 1]!.seconds!),
        );
      }
      // Close to the truth once a fifth of the kit is done.
      for (const ask of known.filter((a) => a.t >= end / 5)) {
        expect(Math.abs(ask.seconds! - ask.truth), `at ${ask.t} s`).toBeLessThanOrEqual(
          ask.truth * 0.25 + 10,
        );
      }
      // The percent only goes up.
      for (let i = 1; i < asks.length; i++)
        expect(asks[i]!.percent).toBeGreaterThanOrEqual(asks[i - 1]!.percent);
    },
  );

  test.each(SEEDS)('two parts side by side: never before the longest is done (run %i)', (seed) => {
    const { end, asks } = simulate({ ...SLOW_MACHINE, workers: 2 }, seed);
    const known = asks.filter((ask) => ask.seconds !== null);
    for (const ask of known.filter((a) => a.t >= end / 5)) {
      expect(Math.abs(ask.seconds! - ask.truth), `at ${ask.t} s`).toBeLessThanOrEqual(
        ask.truth * 0.25 + 10,
      );
    }
    for (let i = 1; i < known.length; i++)
      expect(minutes(known[i]!.seconds!)).toBeLessThanOrEqual(minutes(known[i - 1]!.seconds!));
  });

  const waiting = PLAN.map(({ output, seconds }): KitPartProgress => ({
    output,
    seconds,
    state: 'waiting',
    fraction: 0,
    startedAt: null,
  }));

  test('unknown while nothing has started or the pace is not yet known', () => {
    expect(kitTimeLeft(waiting, 1_000)).toEqual({ percent: 0, seconds: null });
    const started = waiting.map((part, i) =>
      i === 0 ? { ...part, state: 'rendering' as const, startedAt: 0 } : part,
    );
    expect(kitTimeLeft(started, 3_000).seconds).toBeNull();
  });

  test('a failed part leaves the percent and the time left; a finished kit has none left', () => {
    const [full, vertical, feed, canvas] = waiting;
    const view = kitTimeLeft(
      [
        { ...full!, state: 'done', fraction: 1, startedAt: 0 },
        { ...vertical!, state: 'failed', fraction: 0.5, startedAt: 200_000 },
        { ...feed!, state: 'done', fraction: 1, startedAt: 230_000 },
        { ...canvas!, state: 'rendering', fraction: 0.5, startedAt: 260_000 },
      ],
      270_000,
    );
    expect(view.percent).toBeGreaterThan(95);
    expect(view.percent).toBeLessThan(100);
    expect(view.seconds).toBeGreaterThan(0);
    expect(view.seconds).toBeLessThan(30);
    const finished = kitTimeLeft(
      waiting.map((part) => ({ ...part, state: 'done' as const, fraction: 1, startedAt: 0 })),
      300_000,
    );
    expect(finished).toEqual({ percent: 100, seconds: null });
  });
});
