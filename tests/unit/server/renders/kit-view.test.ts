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
  test('a part waiting for a slot is estimated from the rate of the parts rendering', () => {
    const view = kitView(
      kit,
      [
        // 60 s left for 600 frames: 0.1 s a frame.
        part('full', rendering(3000, 3600, 60)),
        part('vertical', rendering(100, 900, 80)),
        part('feed', { framesTotal: 900 }),
        part('canvas', { framesTotal: 180 }),
      ],
      NOW,
    );
    const eta = Object.fromEntries(view.parts.map((p) => [p.output, p.eta_seconds]));
    expect(eta.full).toBe(60);
    expect(eta.vertical).toBe(80);
    // Starts when the soonest running part ends (60 s), then 900 frames at 0.1 s.
    expect(eta.feed).toBe(150);
    expect(eta.canvas).toBe(78);
    expect(view.eta_seconds).toBe(150);
    expect(view.status).toBe('IN-PROGRESS');
    expect(view.parts.map((p) => p.status)).toEqual([
      'RENDERING',
      'RENDERING',
      'WAITING',
      'WAITING',
      'RENDERING',
    ]);
    expect(view.zip_url).toBeNull();
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
