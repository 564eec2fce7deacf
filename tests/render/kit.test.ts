// `npm run render -- kit`: a release kit of a song whose chorus is known, each file held to its
// platform's rules by ffprobe, the hook on the chorus's bar line and lasting whole bars, the
// vertical and feed hooks the same seconds of the track, the Canvas cut from the hook's start;
// with --lyrics, a line sung in the chorus appears in the full video and in the hooks at its
// moment of the track.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { safeArea } from '../../core/render/lyrics/layout';
import type { KitManifest } from '../../core/render/release-kit';
import type { Ffmpeg, ProbeResult } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { topLevelAtoms } from '../support/mp4-atoms';
import { makeTempDir } from '../support/temp-dir';
import { SAMPLE_RATE } from '../unit/core/audio-analysis/signals';
import { CHORUS, section, synthesiseSong, VERSE } from '../unit/core/audio-analysis/song-maker';
import { monoWav } from '../support/wav';
import { meanVolumeDb, testFfmpeg, videoFramesRgb } from './media-compare';
import { cli } from './render-cli';

const BPM = 120;
const BAR_SECONDS = (4 * 60) / BPM;
/** Where the chorus starts: after 4 bars of verse. */
const CHORUS_AT = 4 * BAR_SECONDS;
/** A line sung 1.3 s into the chorus (off the beat: the bars do not jump with it), for 2 s. */
const LINE_AT = CHORUS_AT + 1.3;
const LRC = ['[00:09.30]Night drive, night drive', '[00:11.30]'].join('\n');
const FPS = 30;

/**
 * Pixels of the lyrics' safe area that changed clearly between the first two frames and then
 * stayed as they were through the rest: text that appeared, not the bars' motion.
 */
function appearedAndStayed(frames: Buffer[], width: number, height: number): number {
  const [before, at, ...later] = frames as [Buffer, Buffer, ...Buffer[]];
  const box = safeArea(width, height);
  let count = 0;
  for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      const channels = [i, i + 1, i + 2];
      const appeared = channels.some((c) => Math.abs(at[c]! - before[c]!) > 40);
      const stayed = later.every((frame) =>
        channels.every((c) => Math.abs(frame[c]! - at[c]!) < 12),
      );
      if (appeared && stayed) count++;
    }
  }
  return count;
}

describe('npm run render -- kit', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let ffmpeg: Ffmpeg;
  let track: string;
  let out: string;
  let manifest: KitManifest;
  const probes = new Map<string, ProbeResult>();
  const fileOf = (output: string) => manifest.files.find((file) => file.output === output)!;
  const probeOf = (output: string) => probes.get(fileOf(output).file)!;
  const kit = (...args: string[]) =>
    cli(['kit', '--template', 'mirrored-bars', '--audio', track, ...args]);
  const stream = (probe: ProbeResult, type: 'video' | 'audio') =>
    probe.streams.find((s) => s.codec_type === type);

  beforeAll(async () => {
    temp = await makeTempDir('render-kit');
    ffmpeg = await testFfmpeg();
    track = path.join(temp.dir, 'night-drive.wav');
    // 4 bars of verse, the 8-bar chorus, 2 bars of verse: 28 s at 120 BPM (the hook finder
    // tells the chorus from verse on either side; the full video is the track's length).
    const song = synthesiseSong(
      [section('verse', 4, VERSE), section('chorus', 8, CHORUS, true), section('verse', 2, VERSE)],
      BPM,
    );
    await writeFile(track, monoWav(song, SAMPLE_RATE));
    out = path.join(temp.dir, 'kit');
    const lyrics = path.join(temp.dir, 'night-drive.lrc');
    await writeFile(lyrics, LRC);
    const run = await kit(
      '--lyrics',
      lyrics,
      '--lyrics-style',
      'captions',
      '--image',
      fixture('images/truchet-1000.jpg'),
      '--title',
      'Night Drive',
      '--artist',
      'The Lanterns',
      '--hook-seconds',
      '15',
      '--out',
      out,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    manifest = JSON.parse(await readFile(path.join(out, 'kit.json'), 'utf8')) as KitManifest;
    for (const file of manifest.files) {
      probes.set(file.file, await ffmpeg.probe(path.join(out, file.file)));
    }
  }, 600_000);
  afterAll(async () => {
    await temp?.remove();
  });

  test('kit.json lists the five files, the tempo and the hook', () => {
    expect(manifest.files.map((file) => file.file)).toEqual([
      'night-drive-full-16x9.mp4',
      'night-drive-hook-9x16.mp4',
      'night-drive-hook-4x5.mp4',
      'night-drive-canvas.mp4',
      'night-drive-thumbnail.jpg',
    ]);
    expect(manifest.track.file).toBe('night-drive.wav');
    expect(manifest.track.bpm).toBeCloseTo(BPM, 0);
  });

  test('the hook is the chorus: it starts on its bar line and lasts whole bars (8, nearest 15 s)', () => {
    const { startSeconds, endSeconds, bars } = manifest.hook;
    expect(Math.abs(startSeconds - CHORUS_AT)).toBeLessThan(0.05);
    expect(bars).toBe(8);
    expect(Math.abs(endSeconds - startSeconds - bars * BAR_SECONDS)).toBeLessThan(0.05);
  });

  test('the full video: 1920x1080 H.264 with the whole track’s AAC sound, fast start', async () => {
    const probe = probeOf('full');
    expect(stream(probe, 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 1920,
      height: 1080,
    });
    expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(probe.format.duration) - manifest.track.seconds)).toBeLessThan(0.1);
    await expectFastStart(path.join(out, fileOf('full').file));
  });

  test('the hooks: 9:16 and 4:5 at 1080 wide, the same seconds of the track, faded in and out', async () => {
    const vertical = fileOf('vertical');
    const feed = fileOf('feed');
    expect(vertical.audio).toEqual({
      startSeconds: manifest.hook.startSeconds,
      endSeconds: manifest.hook.endSeconds,
    });
    expect(feed.audio).toEqual(vertical.audio);
    const seconds = vertical.audio.endSeconds - vertical.audio.startSeconds;
    for (const [output, height] of [
      ['vertical', 1920],
      ['feed', 1350],
    ] as const) {
      const probe = probeOf(output);
      expect(stream(probe, 'video')).toMatchObject({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        width: 1080,
        height,
      });
      expect(stream(probe, 'audio')).toMatchObject({ codec_name: 'aac' });
      // Shorts, Reels and TikTok: 15-60 s.
      const duration = Number(probe.format.duration);
      expect(Math.abs(duration - seconds)).toBeLessThan(0.05);
      expect(duration).toBeGreaterThanOrEqual(15);
      expect(duration).toBeLessThanOrEqual(60);
      const file = path.join(out, fileOf(output).file);
      await expectFastStart(file);
      const middle = await meanVolumeDb(ffmpeg, file, seconds / 2 - 0.5, seconds / 2 + 0.5);
      expect(await meanVolumeDb(ffmpeg, file, 0, 0.05)).toBeLessThan(middle - 15);
      expect(await meanVolumeDb(ffmpeg, file, seconds - 0.05, seconds)).toBeLessThan(middle - 15);
    }
  });

  test('the Canvas: a silent 9:16 loop of whole beats, 3-8 s, from the hook’s start', () => {
    const canvas = fileOf('canvas');
    const probe = probeOf('canvas');
    expect(stream(probe, 'audio')).toBeUndefined();
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    const duration = Number(probe.format.duration);
    expect(duration).toBeGreaterThanOrEqual(3);
    expect(duration).toBeLessThanOrEqual(8);
    const beats = duration / (60 / BPM);
    expect(Math.abs(beats - Math.round(beats))).toBeLessThan(0.05);
    expect(canvas.audio.startSeconds).toBe(manifest.hook.startSeconds);
    expect(canvas.audio.endSeconds).toBeLessThanOrEqual(manifest.hook.endSeconds);
    expect(canvas.sound).toBe(false);
  });

  test('the thumbnail: a 1280x720 JPEG within YouTube’s 2 MB', async () => {
    const probe = probeOf('thumbnail');
    expect(stream(probe, 'video')).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
    const { size } = await stat(path.join(out, fileOf('thumbnail').file));
    expect(size).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  test('the lyrics: the line appears at its moment of the track in the full video and both hooks', async () => {
    expect(LRC).toContain(`[00:${LINE_AT.toFixed(2).padStart(5, '0')}]`);
    for (const output of ['full', 'vertical', 'feed']) {
      const { file, width, height, audio } = fileOf(output);
      const video = path.join(out, file);
      // The frame the line starts on, in the video's own time (a hook starts inside the track).
      const first = Math.round((LINE_AT - audio.startSeconds) * FPS);
      // Pixels that changed and then held still for a second: where the line appeared, against
      // the same measure one and two beats before it and one beat into it (the bars' motion).
      const starts = [first + 1, first - 29, first - 14, first + 16];
      const around = (n: number) => [n - 3, n, n + 5, n + 11, n + 20, n + 29];
      // Every frame the measures read, decoded in one pass over the video.
      const frames = await videoFramesRgb(ffmpeg, video, starts.flatMap(around), width, height);
      const heldAt = (n: number) =>
        appearedAndStayed(
          around(n).map((k) => frames.get(k)!),
          width,
          height,
        );
      const appearing = heldAt(first + 1);
      const motion = Math.max(...starts.slice(1).map(heldAt));
      console.log(`${output}: ${appearing} pixels appear with the line, ${motion} at most without`);
      expect(appearing, output).toBeGreaterThan(5 * motion);
    }
  }, 120_000);

  test('a hook start past the track’s end is refused in one line, with nothing written', async () => {
    const refused = path.join(temp.dir, 'refused');
    const run = await kit('--hook-start', '400', '--out', refused);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('render: --hook-start 400 is past the end of the track');
    await expect(stat(refused)).rejects.toThrow();
  });
});

async function expectFastStart(file: string) {
  const boxes = await topLevelAtoms(file);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}
