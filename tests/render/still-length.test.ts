// A single-frame video ends with its audio, for lengths that are not whole seconds: the
// container, the video stream and the audio stream all last as long as the track (an MP3's
// container estimate includes its encoder padding; the repeated clip must not overshoot).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultSettings, findTemplate } from '../../core/render/renderer';
import type { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { renderVideo } from '../../server/render/engine';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import { monoPcm, testFfmpeg } from './media-compare';

const TOLERANCE = 0.05;

describe('single-frame length', () => {
  let ffmpeg: Ffmpeg;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    temp = await makeTempDir('still-length');
  });

  afterAll(async () => {
    await temp?.remove();
  });

  test.each([
    [7.37, 'mp3'],
    [7.37, 'm4a'],
    [12.81, 'mp3'],
    [12.81, 'm4a'],
    // Longer than the 30-frame clip: the repeated clip is cut.
    [41.37, 'mp3'],
    [41.37, 'm4a'],
  ])('%s s %s: container, video and audio end together', async (seconds, format) => {
    const audioPath = path.join(temp.dir, `track-${seconds}.${format}`);
    await ffmpeg.run([
      ...['-i', fixture('audio/introzik-full.ogg'), '-t', String(seconds), '-map', '0:a:0'],
      ...(format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'aac']),
      audioPath,
    ]);
    // The length as the server and the command line have it: the container's (with an MP3's
    // encoder padding); no analysis for a single-frame video.
    const probed = await ffmpeg.probe(audioPath);
    const given = Number(probed.format.duration);
    const out = path.join(temp.dir, `still-${seconds}-${format}.mp4`);
    const settings = defaultSettings(findTemplate('single-frame', 'cover-on-blur')!);
    const { frames } = await renderVideo(
      {
        settings,
        audioPath,
        durationSeconds: given,
        analysis: null,
        imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
      },
      out,
      { ffmpeg, tmpDir: temp.dir },
    );
    const probe = await ffmpeg.probe(out);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    const container = Number(probe.format.duration);
    const videoSeconds = Number(video?.duration);
    const audioSeconds = Number(audio?.duration);
    // What the track really holds: its decoded samples (an AAC decode may keep up to one
    // frame of encoder padding, 23 ms).
    const decoded = (await monoPcm(ffmpeg, audioPath)).length / 48000;
    expect(Math.abs(decoded - seconds)).toBeLessThan(0.03);
    for (const measured of [container, videoSeconds, audioSeconds]) {
      expect(Math.abs(measured - seconds)).toBeLessThan(TOLERANCE);
    }
    // Tighter between video and audio: at most an AAC packet (21-23 ms) apart.
    expect(Math.abs(videoSeconds - audioSeconds)).toBeLessThan(0.03);
    expect(Math.abs(container - audioSeconds)).toBeLessThan(TOLERANCE);
    expect(Number(video?.nb_frames)).toBe(frames);
    expect(frames).toBe(Math.round(seconds));
  });
});
