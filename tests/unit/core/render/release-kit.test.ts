import { describe, expect, it } from 'vitest';
import { barGrid } from '../../../../core/audio-analysis/bar-grid';
import { hookFade } from '../../../../core/audio-analysis/hook';
import { findHook } from '../../../../core/audio-analysis/hook-finder';
import { CANVAS_MAX_SECONDS, CANVAS_MIN_SECONDS } from '../../../../core/render/canvas-loop';
import {
  kitManifest,
  kitSlug,
  planKit,
  type KitRequest,
} from '../../../../core/render/release-kit';
import { analyseSong, CHORUS, section, synthesiseSong, VERSE } from '../audio-analysis/song-maker';

const BPM = 120;
const analysis = analyseSong(
  synthesiseSong(
    [section('verse', 8, VERSE), section('chorus', 16, CHORUS, true), section('verse', 8, VERSE)],
    BPM,
  ),
);
const grid = barGrid(analysis);
const hook = findHook(analysis, { grid });

function request(overrides: Partial<KitRequest> = {}): KitRequest {
  return {
    analysis,
    hook,
    fadeSeconds: hookFade(grid).seconds,
    feed: '4:5',
    name: 'Midnight Drive (Single).wav',
    canvasFps: 30,
    ...overrides,
  };
}

describe('a release kit’s plan', () => {
  it('lists the five files at their platforms’ sizes, named after the track', () => {
    const parts = planKit(request());
    expect(parts.map((part) => [part.file, part.width, part.height])).toEqual([
      ['midnight-drive-single-full-16x9.mp4', 1920, 1080],
      ['midnight-drive-single-hook-9x16.mp4', 1080, 1920],
      ['midnight-drive-single-hook-4x5.mp4', 1080, 1350],
      ['midnight-drive-single-canvas.mp4', 1080, 1920],
      ['midnight-drive-single-thumbnail.jpg', 1280, 720],
    ]);
    expect(planKit(request({ feed: '1:1' }))[2]).toMatchObject({
      file: 'midnight-drive-single-hook-1x1.mp4',
      width: 1080,
      height: 1080,
    });
  });

  it('covers the whole track once, the hook twice with fades, and the Canvas from the hook’s start without sound', () => {
    const [full, vertical, feed, canvas] = planKit(request());
    expect(full!.audio).toEqual({ startSeconds: 0, endSeconds: analysis.summary.durationSeconds });
    expect(full!.fadeSeconds).toBe(0);
    for (const clip of [vertical!, feed!]) {
      expect(clip.audio).toEqual({ startSeconds: hook.startSeconds, endSeconds: hook.endSeconds });
      expect(clip.seconds).toBeCloseTo(hook.endSeconds - hook.startSeconds, 6);
      expect(clip.sound).toBe(true);
      expect(clip.fadeSeconds).toBeCloseTo(60 / BPM, 6);
    }
    expect(canvas!.sound).toBe(false);
    expect(canvas!.audio.startSeconds).toBe(hook.startSeconds);
    expect(canvas!.audio.endSeconds).toBeLessThanOrEqual(hook.endSeconds);
    expect(canvas!.seconds).toBeGreaterThanOrEqual(CANVAS_MIN_SECONDS);
    expect(canvas!.seconds).toBeLessThanOrEqual(CANVAS_MAX_SECONDS);
    // Whole beats of the track's tempo: at 120 BPM, a bar of 4 is 2 s; 6 s is the nearest to 6.
    expect(canvas!.loop?.beats).toBe(12);
  });

  it('keeps only the outputs asked for', () => {
    const parts = planKit(request({ outputs: ['vertical', 'thumbnail'] }));
    expect(parts.map((part) => part.output)).toEqual(['vertical', 'thumbnail']);
  });

  it('writes kit.json with each file’s kind, size, seconds and range, the tempo and the hook', () => {
    const parts = planKit(request());
    const manifest = kitManifest(
      parts,
      {
        file: 'midnight.wav',
        seconds: analysis.summary.durationSeconds,
        bpm: analysis.summary.bpm,
      },
      hook,
    );
    expect(manifest.track.bpm).toBe(analysis.summary.bpm);
    expect(manifest.hook.bars).toBe(hook.bars);
    expect(manifest.files.map((file) => file.kind)).toEqual([
      'video',
      'video',
      'video',
      'video',
      'image',
    ]);
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });

  it('makes file names safe, whatever the title', () => {
    expect(kitSlug('Été à Paris!!.flac')).toBe('ete-a-paris');
    expect(kitSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(kitSlug('★★★')).toBe('kit');
  });
});
