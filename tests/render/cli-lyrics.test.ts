// `npm run render -- visualizer --lyrics song.lrc`: the line is in the video's frames while it is
// sung and not before or after; a bad lyrics file stops the command naming the file and the line.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { makeTempDir } from '../support/temp-dir';
import { monoWav } from '../support/wav';
import { changedInLyricsArea, testFfmpeg, videoFrameRgb } from './media-compare';
import { cli } from './render-cli';

const SIZE = 1080;
const FPS = 30;
const SECONDS = 4;
const SAMPLE_RATE = 44_100;
/** The one sung line: from 1.5 s to 2.75 s (an LRC end is a time tag without text). */
const LRC = ['[ti:Steady]', '[00:01.50]Hold the steady note', '[00:02.75]'].join('\n');

/** A steady tone, so that the bars stand still and only the lyrics change the frame. */
function steadyTone(): Buffer {
  const samples = new Float32Array(SECONDS * SAMPLE_RATE);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = 0.4 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE);
  }
  return monoWav(samples, SAMPLE_RATE);
}

describe('npm run render with --lyrics', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let ffmpeg: Ffmpeg;
  let track: string;

  beforeAll(async () => {
    temp = await makeTempDir('render-cli-lyrics');
    ffmpeg = await testFfmpeg();
    track = path.join(temp.dir, 'steady.wav');
    await writeFile(track, steadyTone());
  });
  afterAll(async () => {
    await temp?.remove();
  });

  test('a visualizer shows the LRC line while it is sung, and not before or after', async () => {
    const lrc = path.join(temp.dir, 'steady.lrc');
    await writeFile(lrc, LRC);
    const out = path.join(temp.dir, 'lyrics.mp4');
    const { code, stdout, stderr } = await cli([
      ...['visualizer', '--template', 'mirrored-bars', '--size', `${SIZE}x${SIZE}`],
      ...['--audio', track, '--lyrics', lrc, '--lyrics-style', 'centred', '--out', out],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Lyrics: 1 timed line of steady.lrc, style centred');
    expect(stdout).toMatch(new RegExp(`100% +${SECONDS * FPS}/${SECONDS * FPS} frames`));

    const frameAt = (seconds: number) => videoFrameRgb(ffmpeg, out, Math.round(seconds * FPS));
    const before = await frameAt(1);
    const sung = changedInLyricsArea(before, await frameAt(2), SIZE, SIZE);
    const after = changedInLyricsArea(before, await frameAt(3.5), SIZE, SIZE);
    console.log(`lyrics pixels: ${sung} changed while sung, ${after} after the line`);
    // The line's text, set large: thousands of pixels; the still bars and x264's noise: few.
    expect(sung).toBeGreaterThan(2000);
    expect(after).toBeLessThan(sung / 20);
  }, 300_000);

  test.each([
    ['visualizer', '--template', 'mirrored-bars', '--audio', '<track>', '--out', '<out>'],
    ['kit', '--template', 'mirrored-bars', '--audio', '<track>', '--out', '<out>'],
  ])('%s: a bad lyrics file stops it naming the file and the line', async (...args) => {
    const lrc = path.join(temp.dir, 'bad.lrc');
    await writeFile(
      lrc,
      ['[00:01.00]First line', '[00:02.00]Second line', '[0x:03]Third'].join('\n'),
    );
    const before = await readdir(temp.dir);
    const out = path.join(temp.dir, args[0] === 'kit' ? 'kit' : 'bad.mp4');
    const { code, stderr } = await cli([
      ...args.map((a) => (a === '<track>' ? track : a === '<out>' ? out : a)),
      ...['--lyrics', lrc],
    ]);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`render: --lyrics ${lrc}: Line 3: `);
    expect(await readdir(temp.dir)).toEqual(before);
  });
});
