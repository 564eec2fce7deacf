import { describe, expect, test } from 'vitest';
import { planKit } from '../../../../core/render/release-kit';
import type { KitRow } from '../../../../server/repositories/release-kits.repository';
import type { RenderRow } from '../../../../server/repositories/renders.repository';
import { kitView } from '../../../../server/services/renders/kit-view';
import { resolveConfiguration } from '../../../../server/services/renders/render-config';
import { syntheticAnalysis } from '../../core/render/synthetic-analysis';

const NOW = 1_000_000;
const analysis = syntheticAnalysis({
  frames: Array.from({ length: 120 * 60 }, () => ({ band: 100, rms: 0.1 })),
  beatFrames: Array.from({ length: 240 }, (_, i) => i * 30),
});
const hook = { startSeconds: 32, endSeconds: 62, startBar: 16, bars: 15, barSeconds: 2, bpm: 120 };
const parts = planKit({
  analysis,
  hook,
  fadeSeconds: 0.5,
  feed: '4:5',
  name: 'Night Drive',
  canvasFps: 30,
});

const kit = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  userUuid: 'aaaaaaaa-0000-4000-8000-0000000000ff',
  audioUuid: null,
  audioFileName: 'night-drive.wav',
  title: 'Night Drive',
  artist: '',
  template: 'retro-scope',
  feed: '4:5',
  bpm: 120,
  hookStartSeconds: 32,
  hookEndSeconds: 62,
  hookBars: 15,
  fadeSeconds: 0.5,
  parts,
  mailedAt: null,
  createdAt: new Date(0),
} satisfies KitRow;

let n = 0;
function part(output: string, changes: Partial<RenderRow> = {}): RenderRow {
  const canvas = parts.find((p) => p.output === 'canvas')!;
  const { settings } =
    output === 'canvas'
      ? resolveConfiguration('canvas', { template: 'slow-zoom' }, { loop: canvas.loop! })
      : resolveConfiguration('visualizer', { template: 'retro-scope' });
  return {
    id: `aaaaaaaa-0000-4000-8000-00000000010${n++}`,
    kitId: kit.id,
    kitOutput: output,
    settings,
    status: 'QUEUED',
    admittedAt: null,
    framesDone: 0,
    framesTotal: 900,
    percentComplete: 0,
    etaSeconds: null,
    progressUpdatedAt: null,
    thumbnailKey: null,
    videoKey: null,
    error: null,
    ...changes,
  } as RenderRow;
}

const rendering = (done: number, total: number, eta: number) => ({
  status: 'RENDERING' as const,
  admittedAt: new Date(0),
  framesDone: done,
  framesTotal: total,
  percentComplete: (done / total) * 100,
  etaSeconds: eta,
  progressUpdatedAt: new Date(NOW),
});

describe('kitView', () => {
  test('a part not started waits, with its place and the parts that go first; no 0 % rendering', () => {
    const view = kitView(
      kit,
      [
        { ...part('full', rendering(3000, 3600, 60)), startedAt: new Date(NOW - 300_000) },
        // Holding a slot, its job sent, but the one worker is busy with the full video.
        { ...part('vertical', { admittedAt: new Date(0) }), queuePlace: 1 },
        { ...part('feed', { framesTotal: 900 }), queuePlace: 2 },
        { ...part('canvas', { framesTotal: 180 }), queuePlace: 3 },
      ],
      NOW,
    );
    expect(view.parts.map((p) => [p.output, p.status, p.waiting])).toEqual([
      ['full', 'RENDERING', null],
      ['vertical', 'WAITING', { place: 1, behind: ['full'] }],
      ['feed', 'WAITING', { place: 2, behind: ['full'] }],
      ['canvas', 'WAITING', { place: 3, behind: ['full'] }],
      ['thumbnail', 'RENDERING', null],
    ]);
    const eta = Object.fromEntries(view.parts.map((p) => [p.output, p.eta_seconds]));
    expect(eta).toEqual({ full: 60, vertical: null, feed: null, canvas: null, thumbnail: 60 });
    // The kit: the planned work left at the pace of the 5 minutes it took so far.
    expect(view.status).toBe('IN-PROGRESS');
    expect(view.percent_complete).toBeGreaterThan(50);
    expect(view.percent_complete).toBeLessThan(80);
    expect(view.eta_seconds).toBeGreaterThan(60);
    expect(view.zip_url).toBeNull();
  });

  test('a kit rendering part after part on one worker: its time left is always known and only goes down', () => {
    // The full video (3600 frames) then the others, 0.1 s a frame, 4 s to start each.
    const order = ['full', 'vertical', 'feed', 'canvas'] as const;
    const frames = { full: 3600, vertical: 900, feed: 900, canvas: 180 };
    const rows = order.map((output, i) =>
      part(output, {
        framesTotal: frames[output],
        // The first two hold the user's two slots.
        admittedAt: i < 2 ? new Date(0) : null,
      }),
    );
    let t = 0;
    let current = 0;
    let startedAt = 0;
    const shown: { t: number; percent: number; eta: number | null }[] = [];
    while (current < order.length && t < 2_000) {
      const row = rows[current]!;
      if (row.status === 'QUEUED') {
        Object.assign(row, {
          status: 'RENDERING',
          admittedAt: new Date(0),
          startedAt: new Date(t * 1000),
        });
        startedAt = t;
      }
      const drawn = Math.min(row.framesTotal, Math.max(0, (t - startedAt - 4) * 10));
      Object.assign(row, {
        framesDone: drawn,
        percentComplete: (drawn / row.framesTotal) * 100,
        etaSeconds: drawn > 0 ? (row.framesTotal - drawn) / 10 : null,
        progressUpdatedAt: new Date(t * 1000),
      });
      if (drawn === row.framesTotal) {
        Object.assign(row, {
          status: 'COMPLETE',
          videoKey: `${row.kitOutput}.mp4`,
          thumbnailKey: 't.jpg',
        });
        const next = rows[current + 2];
        if (next && next.admittedAt === null) next.admittedAt = new Date(t * 1000);
        current++;
      }
      if (t % 2 === 0) {
        const view = kitView(kit, rows, t * 1000);
        shown.push({ t, percent: view.percent_complete, eta: view.eta_seconds });
      }
      t++;
    }
    const end = t;
    const middle = shown.filter((s) => s.percent >= 13 && s.percent <= 93);
    expect(middle.length).toBeGreaterThan(100);
    for (const s of middle) expect(s.eta, `at ${s.t} s`).not.toBeNull();
    const minutes = middle.map((s) => Math.round(s.eta! / 60));
    for (let i = 1; i < minutes.length; i++)
      expect(minutes[i], `at ${middle[i]!.t} s`).toBeLessThanOrEqual(minutes[i - 1]!);
    for (const s of middle) expect(Math.abs(s.eta! - (end - s.t)), `at ${s.t} s`).toBeLessThan(60);
  });

  test('the thumbnail is ready as soon as the full video made it, before the video is', () => {
    const view = kitView(
      kit,
      [part('full', { ...rendering(10, 3600, 500), thumbnailKey: 'users/x/thumbnail.jpg' })],
      NOW,
    );
    const thumbnail = view.parts.find((p) => p.output === 'thumbnail')!;
    expect(thumbnail).toMatchObject({
      status: 'COMPLETE',
      percent_complete: 100,
      eta_seconds: null,
    });
    expect(thumbnail.download_url).toBe(`/api/release-kits/${kit.id}/files/thumbnail?download=1`);
    expect(view.zip_url).toBe(`/api/release-kits/${kit.id}/zip`);
  });

  test('a deleted part is DELETED and leaves the kit’s state to the others; a failed one FAILS it', () => {
    const done = { status: 'COMPLETE' as const, videoKey: 'v.mp4', thumbnailKey: 't.jpg' };
    const complete = kitView(kit, [part('full', done), part('feed', done), part('canvas', done)]);
    expect(complete.parts.map((p) => p.status)).toEqual([
      'COMPLETE',
      'DELETED',
      'COMPLETE',
      'COMPLETE',
      'COMPLETE',
    ]);
    expect(complete.status).toBe('COMPLETE');
    expect(complete.percent_complete).toBe(100);
    const failed = kitView(kit, [
      part('full', done),
      part('feed', { status: 'FAILED', error: 'The picture was deleted.' }),
    ]);
    expect(failed.status).toBe('FAILED');
    expect(failed.parts.find((p) => p.output === 'feed')?.error).toBe('The picture was deleted.');
  });
});
