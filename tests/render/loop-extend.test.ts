// Loop extensions through the engine: clips made here with ffmpeg (as a phone records them, with
// B-frames as x264 writes by default, and VP9 in WebM), repeated to a length or to a track's, and
// checked frame by frame: the count, the timing across every join, the joins' pictures, and the
// track's audio copied untouched.

import { writeFile, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RenderInputError } from '../../server/render/engine';
import { extendLoop } from '../../server/render/loop-extend';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { fixture } from '../support/fixtures';
import { topLevelAtoms } from '../support/mp4-atoms';
import { makeTempDir } from '../support/temp-dir';
import { audioPacketsMd5, ffmpegOutput, testFfmpeg, videoFrameRgb } from './media-compare';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let ffmpeg: Ffmpeg;
const clips: Record<'phone' | 'bframes' | 'webm', string> = { phone: '', bframes: '', webm: '' };

/** A clip of ffmpeg's moving test picture, 360x640 at 30 fps. */
async function makeClip(name: string, seconds: number, codecArgs: string[]): Promise<string> {
  const file = path.join(temp.dir, name);
  await ffmpegOutput(ffmpeg, [
    ...['-f', 'lavfi', '-i', `testsrc2=size=360x640:rate=30`, '-t', String(seconds)],
    ...codecArgs,
    ...['-y', file],
  ]);
  return file;
}

beforeAll(async () => {
  temp = await makeTempDir('render-loop');
  ffmpeg = await testFfmpeg();
  const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
  clips.phone = await makeClip('phone.mp4', 3, [...h264, '-bf', '0']);
  clips.bframes = await makeClip('bframes.mp4', 2, h264);
  clips.webm = await makeClip('clip.webm', 2, [
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '1M',
    '-deadline',
    'realtime',
  ]);
});
afterAll(async () => {
  await temp?.remove();
});

const out = (name: string) => path.join(temp.dir, 'out', name);

async function extend(clip: string, target: { seconds?: number; audio?: string }, name: string) {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.join(temp.dir, 'out'), { recursive: true });
  return extendLoop(
    { clipPath: clip, targetSeconds: target.seconds, audioPath: target.audio },
    out(name),
    { ffmpeg, tmpDir: temp.dir },
  );
}

/** Presentation times of every video frame, decoded, as stored (no frame added or dropped). */
async function frameTimes(file: string): Promise<number[]> {
  const text = (
    await ffmpegOutput(ffmpeg, [
      ...['-i', file, '-map', '0:v:0', '-vsync', 'passthrough', '-f', 'framemd5', '-'],
    ])
  ).toString();
  const tb = /^#tb 0: (\d+)\/(\d+)/m.exec(text);
  if (!tb) throw new Error(`no time base in framemd5 output: ${text.slice(0, 200)}`);
  const unit = Number(tb[1]) / Number(tb[2]);
  return text
    .split('\n')
    .filter((line) => /^0,/.test(line))
    .map((line) => Number(line.split(',')[2]) * unit);
}

/** Every frame one frame after the last, to the microsecond: no frozen or dropped frame. */
function expectRegular(times: number[], frameSeconds: number) {
  for (let i = 1; i < times.length; i++) {
    expect(Math.abs(times[i]! - times[i - 1]! - frameSeconds), `frame ${i}`).toBeLessThan(1e-3);
  }
}

describe('a clip that can be copied (H.264 without B-frames, as phones record)', () => {
  test('to 20.5 s: exact frames, regular timing across every join, the joins show the clip again', async () => {
    const result = await extend(clips.phone, { seconds: 20.5 }, 'phone.mp4');
    expect(result.copied).toBe(true);
    expect(result.frames).toBe(615);
    const probe = await ffmpeg.probe(out('phone.mp4'));
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(Math.abs(Number(probe.format.duration) - 20.5)).toBeLessThanOrEqual(1 / 30);
    const times = await frameTimes(out('phone.mp4'));
    expect(times).toHaveLength(615);
    expectRegular(times, 1 / 30);
    // The clip is 90 frames: frame 90 (the first join) and 540 (the sixth) are its first frame,
    // frame 89 its last, decoded bit for bit the same (the packets were copied).
    const first = await videoFrameRgb(ffmpeg, clips.phone, 0);
    const last = await videoFrameRgb(ffmpeg, clips.phone, 89);
    expect((await videoFrameRgb(ffmpeg, out('phone.mp4'), 90)).equals(first)).toBe(true);
    expect((await videoFrameRgb(ffmpeg, out('phone.mp4'), 540)).equals(first)).toBe(true);
    expect((await videoFrameRgb(ffmpeg, out('phone.mp4'), 89)).equals(last)).toBe(true);
    expect((await topLevelAtoms(out('phone.mp4'))).indexOf('moov')).toBeLessThan(
      (await topLevelAtoms(out('phone.mp4'))).indexOf('mdat'),
    );
  });

  test("to a track's length: the track's AAC copied untouched, the video as long within a frame", async () => {
    const track = fixture('audio/intro-30s.m4a');
    const result = await extend(clips.phone, { audio: track }, 'with-track.mp4');
    expect(result.copied).toBe(true);
    const probe = await ffmpeg.probe(out('with-track.mp4'));
    const audio = probe.streams.find((s) => s.codec_type === 'audio')!;
    const video = probe.streams.find((s) => s.codec_type === 'video')!;
    const trackSeconds = Number((await ffmpeg.probe(track)).format.duration);
    expect(Math.abs(Number(video.duration) - trackSeconds)).toBeLessThanOrEqual(1 / 30);
    expect(audio.codec_name).toBe('aac');
    expect(await audioPacketsMd5(ffmpeg, out('with-track.mp4'))).toBe(
      await audioPacketsMd5(ffmpeg, track),
    );
    expectRegular(await frameTimes(out('with-track.mp4')), 1 / 30);
  });
});

describe('a clip that cannot be copied is encoded once, then copied', () => {
  test.each([
    ['bframes', /B-frames/],
    ['webm', /vp9, not H\.264/],
  ] as const)('%s', async (name, reason) => {
    const result = await extend(clips[name], { seconds: 7.2 }, `${name}.mp4`);
    expect(result.copied).toBe(false);
    expect(result.reencodeReason).toMatch(reason);
    expect(result.frames).toBe(216);
    const probe = await ffmpeg.probe(out(`${name}.mp4`));
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    const times = await frameTimes(out(`${name}.mp4`));
    expect(times).toHaveLength(216);
    expectRegular(times, 1 / 30);
  });
});

test('a clip with B-frames is copied when the length is a whole number of repetitions', async () => {
  const result = await extend(clips.bframes, { seconds: 8 }, 'bframes-whole.mp4');
  expect(result).toMatchObject({
    copied: true,
    frames: 240,
    clip: { frames: 60, reordered: true },
  });
  const times = await frameTimes(out('bframes-whole.mp4'));
  expect(times).toHaveLength(240);
  expectRegular(times, 1 / 30);
  // Each join shows the clip's first frame again, the very frame the clip starts with.
  const first = await videoFrameRgb(ffmpeg, clips.bframes, 0);
  expect((await videoFrameRgb(ffmpeg, out('bframes-whole.mp4'), 120)).equals(first)).toBe(true);
});

describe('bad clips end with a reason and leave nothing behind', () => {
  test.each([
    [
      'not a video',
      async () => fixture('audio/intro-8s-mono.mp3'),
      'The clip could not be read: it is not a video.',
    ],
    [
      'a truncated MP4',
      async () => {
        const bytes = await readFile(clips.bframes);
        const file = path.join(temp.dir, 'truncated.mp4');
        await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 3)));
        return file;
      },
      /The clip (could not be read|has no frames)/,
    ],
    [
      'a text file',
      async () => {
        const file = path.join(temp.dir, 'notes.mp4');
        await writeFile(file, 'not a video at all\n');
        return file;
      },
      'The clip could not be read: it is not a video.',
    ],
  ] as const)('%s', async (_name, make, message) => {
    const file = await make();
    const before = await readdir(temp.dir);
    const attempt = extend(file, { seconds: 10 }, 'bad.mp4');
    await expect(attempt).rejects.toBeInstanceOf(RenderInputError);
    await expect(attempt).rejects.toThrow(message);
    expect(await readdir(temp.dir)).toEqual(before);
  });

  test('no length and no track, or longer than 12 hours, is refused', async () => {
    await expect(extend(clips.phone, {}, 'none.mp4')).rejects.toThrow(
      'Give the loop a length, or a track to last as long as.',
    );
    await expect(extend(clips.phone, { seconds: 13 * 3600 }, 'long.mp4')).rejects.toThrow(
      'A loop extension lasts at most 12 hours.',
    );
  });
});
