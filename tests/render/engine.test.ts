import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import { featuresAt } from '../../core/render/features';
import { defaultSettings, drawFrame, findTemplate, prepareScene } from '../../core/render/renderer';
import type { SceneSettings } from '../../core/render/scene';
import type { Ffmpeg, ProbeResult } from '../../server/repositories/ffmpeg/ffmpeg';
import { analyseAudioFile } from '../../server/render/analyse-audio';
import { createNodeSurface, loadNodeImage, nodeRenderHost } from '../../server/render/canvas-host';
import {
  renderThumbnail,
  renderVideo,
  RenderInputError,
  stillFrameRate,
  thumbnailTime,
  type RenderJobInput,
  type RenderProgress,
} from '../../server/render/engine';
import { registerRenderFonts } from '../../server/render/fonts';
import { fixture } from '../support/fixtures';
import { makeTempDir } from '../support/temp-dir';
import {
  audioPacketsMd5,
  colourShare,
  compareAudio,
  ffmpegOutput,
  monoPcm,
  psnr,
  rgbaToRgb,
  testFfmpeg,
  videoFrameRgb,
} from './media-compare';

function settingsOf(kind: 'visualizer' | 'single-frame', name: string): SceneSettings {
  const template = findTemplate(kind, name);
  if (!template) throw new Error(`no template ${name}`);
  return defaultSettings(template);
}

/** What drawFrame draws at t for this input, as RGB24. */
async function drawnRgb(input: RenderJobInput, t: number): Promise<Buffer> {
  registerRenderFonts();
  const images: Record<string, Awaited<ReturnType<typeof loadNodeImage>>> = {};
  for (const [slot, file] of Object.entries(input.imagePaths))
    images[slot] = await loadNodeImage(file);
  const prepared = prepareScene(nodeRenderHost, {
    settings: input.settings,
    images,
    analysis: input.analysis,
  });
  const surface = createNodeSurface(input.settings.width, input.settings.height);
  drawFrame(surface.ctx, prepared, t);
  return rgbaToRgb(surface.canvas.data());
}

function streams(probe: ProbeResult) {
  const video = probe.streams.find((s) => s.codec_type === 'video');
  const audio = probe.streams.find((s) => s.codec_type === 'audio');
  return { video, audio };
}

/** Analysis frames (60 a second) of the loudest and quietest second, away from the ends. */
function loudAndQuiet(analysis: Analysis): { loud: number; quiet: number } {
  const fps = analysis.summary.fps;
  let loud = -1;
  let quiet = -1;
  let loudLevel = -Infinity;
  let quietLevel = Infinity;
  for (let f = fps; f < analysis.frameCount - fps; f++) {
    const level = featuresAt(analysis, f / fps).level;
    if (level > loudLevel) [loud, loudLevel] = [f, level];
    if (level < quietLevel) [quiet, quietLevel] = [f, level];
  }
  return { loud, quiet };
}

describe('the render engine', () => {
  let ffmpeg: Ffmpeg;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let tmpDir: string;
  let mp3Analysis: Analysis;
  const mp3 = fixture('audio/intro-8s-mono.mp3');

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    temp = await makeTempDir('render-engine');
    tmpDir = temp.dir;
    mp3Analysis = await analyseAudioFile(ffmpeg, mp3);
  });

  afterAll(async () => {
    await temp?.remove();
  });

  test('a visualizer from an MP3: H.264 High yuv420p, AAC-LC 48 kHz, the audio length to the frame, the frames drawFrame draws', async () => {
    const settings = settingsOf('visualizer', 'mirrored-bars');
    const input: RenderJobInput = {
      settings,
      audioPath: mp3,
      durationSeconds: 8.07, // what ffprobe estimates; the analysis knows it is 8.0
      analysis: mp3Analysis,
      imagePaths: {},
    };
    const out = path.join(tmpDir, 'bars.mp4');
    const reports: RenderProgress[] = [];
    const result = await renderVideo(input, out, {
      ffmpeg,
      tmpDir,
      onProgress: (p) => void reports.push(p),
    });
    const duration = mp3Analysis.summary.durationSeconds;
    expect(result.frames).toBe(Math.ceil(duration * 30 - 1e-9));

    const probe = await ffmpeg.probe(out);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 1920,
      height: 1080,
      r_frame_rate: '30/1',
    });
    expect(Number(video?.nb_frames)).toBe(result.frames);
    expect(audio).toMatchObject({ codec_name: 'aac', profile: 'LC', sample_rate: '48000' });
    expect(Math.abs(Number(video?.duration) - duration)).toBeLessThan(1 / 30);
    expect(Math.abs(Number(audio?.duration) - duration)).toBeLessThan(1 / 30);
    expect(Math.abs(Number(probe.format.duration) - duration)).toBeLessThan(1 / 30);

    // Progress: a last report at 100 %, fractions never going back.
    expect(reports.at(-1)).toMatchObject({ framesDone: result.frames, fraction: 1 });
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]!.fraction).toBeGreaterThanOrEqual(reports[i - 1]!.fraction);
    }

    // Frames: the video shows what drawFrame draws at the frame's time, and a loud moment
    // has taller bars (more bar colour) than a quiet one.
    const { loud, quiet } = loudAndQuiet(mp3Analysis);
    const shares: number[] = [];
    for (const analysisFrame of [loud, quiet]) {
      const index = Math.round((analysisFrame / 60) * 30);
      const decoded = await videoFrameRgb(ffmpeg, out, index);
      const drawn = await drawnRgb(input, index / 30);
      expect(psnr(decoded, drawn)).toBeGreaterThan(35);
      shares.push(colourShare(decoded, settings.colors.bar_fill));
    }
    expect(shares[0]!).toBeGreaterThan(shares[1]! * 1.5);
    expect(shares[0]!).toBeGreaterThan(0.02);

    // The sound: the same as the source, in step (no lag), at high fidelity.
    const source = await monoPcm(ffmpeg, mp3);
    const rendered = await monoPcm(ffmpeg, out);
    const match = compareAudio(source, rendered);
    expect(Math.abs(match.lag)).toBeLessThanOrEqual(48); // 1 ms
    expect(match.correlation).toBeGreaterThan(0.98);
    expect(match.snrDb).toBeGreaterThan(15);
    expect(await readdir(tmpDir)).toEqual(expect.arrayContaining(['bars.mp4']));
  });

  test('a visualizer from AAC copies the audio bit for bit, at 1:1', async () => {
    // A real AAC track, cut to 6 s by copying its packets (no re-encoding).
    const aac = path.join(tmpDir, 'six-seconds.m4a');
    await ffmpeg.run(['-i', fixture('audio/intro-30s.m4a'), '-t', '6', '-c', 'copy', aac]);
    const analysis = await analyseAudioFile(ffmpeg, aac);
    const settings = { ...settingsOf('visualizer', 'mirrored-bars'), width: 1080, height: 1080 };
    const out = path.join(tmpDir, 'square.mp4');
    const input: RenderJobInput = {
      settings,
      audioPath: aac,
      durationSeconds: analysis.summary.durationSeconds,
      analysis,
      imagePaths: {},
    };
    await renderVideo(input, out, { ffmpeg, tmpDir });
    const probe = await ffmpeg.probe(out);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ width: 1080, height: 1080, profile: 'High' });
    expect(audio?.codec_name).toBe('aac');
    expect(await audioPacketsMd5(ffmpeg, out)).toBe(await audioPacketsMd5(ffmpeg, aac));
    expect(Math.abs(Number(video?.duration) - analysis.summary.durationSeconds)).toBeLessThan(
      1 / 30,
    );
    const last = Number(video?.nb_frames) - 1;
    expect(
      psnr(await videoFrameRgb(ffmpeg, out, last), await drawnRgb(input, last / 30)),
    ).toBeGreaterThan(35);
  });

  test('a single-frame video from AAC: the picture drawFrame draws, held for the audio, audio copied', async () => {
    const m4a = fixture('audio/intro-30s.m4a');
    const input: RenderJobInput = {
      settings: settingsOf('single-frame', 'cover-on-blur'),
      audioPath: m4a,
      durationSeconds: 30,
      analysis: null,
      imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
    };
    const out = path.join(tmpDir, 'still.mp4');
    const reports: RenderProgress[] = [];
    const result = await renderVideo(input, out, {
      ffmpeg,
      tmpDir,
      onProgress: (p) => void reports.push(p),
    });
    // The picture held at one frame a second (stillFrameRate), not 30 frames a second drawn and
    // encoded: 30 frames for 30 s. (How fast that is is the render bench's to say, not a test's.)
    expect(result.frames).toBe(stillFrameRate(30).frames);
    expect(result.frames).toBe(30);
    expect(reports.at(-1)?.fraction).toBe(1);
    const probe = await ffmpeg.probe(out);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 1920,
      height: 1080,
    });
    expect(Number(video?.nb_frames)).toBe(result.frames);
    expect(Math.abs(Number(video?.duration) - 30)).toBeLessThan(0.05);
    expect(Math.abs(Number(probe.format.duration) - 30)).toBeLessThan(0.05);
    expect(audio?.codec_name).toBe('aac');
    expect(await audioPacketsMd5(ffmpeg, out)).toBe(await audioPacketsMd5(ffmpeg, m4a));
    const drawn = await drawnRgb(input, 0);
    for (const index of [0, 17, result.frames - 1]) {
      expect(psnr(await videoFrameRgb(ffmpeg, out, index), drawn)).toBeGreaterThan(35);
    }
  });

  test('a single-frame video from MP3 encodes the audio to AAC-LC 48 kHz, 1:1', async () => {
    const source = fixture('audio/intro-30s-tagged.mp3');
    const settings = { ...settingsOf('single-frame', 'cover-on-blur'), width: 1080, height: 1080 };
    const out = path.join(tmpDir, 'still-mp3.mp4');
    await renderVideo(
      {
        settings,
        audioPath: source,
        durationSeconds: 30.04,
        analysis: null,
        imagePaths: { album_art: fixture('images/symbolic-512.png') },
      },
      out,
      { ffmpeg, tmpDir },
    );
    const probe = await ffmpeg.probe(out);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ width: 1080, height: 1080, pix_fmt: 'yuv420p' });
    expect(audio).toMatchObject({ codec_name: 'aac', profile: 'LC', sample_rate: '48000' });
    // One still frame lasts about a second: the video ends within it of the audio.
    expect(Math.abs(Number(video?.duration) - Number(audio?.duration))).toBeLessThan(1);
    const match = compareAudio(await monoPcm(ffmpeg, source), await monoPcm(ffmpeg, out));
    expect(Math.abs(match.lag)).toBeLessThanOrEqual(48);
    expect(match.correlation).toBeGreaterThan(0.98);
  });

  test('thumbnails: 640 px wide JPEGs, a loud moment of a visualizer', async () => {
    const out = path.join(tmpDir, 'thumb.jpg');
    await renderThumbnail(
      {
        settings: settingsOf('visualizer', 'mirrored-bars'),
        audioPath: mp3,
        durationSeconds: 8,
        analysis: mp3Analysis,
        imagePaths: {},
      },
      out,
    );
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadNodeImage(bytes);
    expect([image.width, image.height]).toEqual([640, 360]);
    const rgb = await ffmpegOutput(ffmpeg, ['-i', out, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    // A loud moment of the track (near its loudest), with the bars standing tall.
    const t = thumbnailTime(settingsOf('visualizer', 'mirrored-bars'), mp3Analysis);
    const { loud, quiet } = loudAndQuiet(mp3Analysis);
    const level = (time: number) => featuresAt(mp3Analysis, time).level;
    expect(level(t)).toBeGreaterThan(0.8 * level(loud / 60));
    expect(level(t)).toBeGreaterThan(2 * level(quiet / 60));
    expect(colourShare(rgb, '#9775fa')).toBeGreaterThan(0.03);

    const still = path.join(tmpDir, 'thumb-still.jpg');
    await renderThumbnail(
      {
        settings: { ...settingsOf('single-frame', 'cover-on-blur'), width: 1080, height: 1080 },
        audioPath: mp3,
        durationSeconds: 8,
        analysis: null,
        imagePaths: { album_art: fixture('images/truchet-1000.jpg') },
      },
      still,
    );
    const square = await loadNodeImage(await readFile(still));
    expect([square.width, square.height]).toEqual([640, 640]);
  });

  test('abort stops ffmpeg at once, removes the partial file and rejects with AbortError', async () => {
    const dir = path.join(tmpDir, 'abort');
    let sawPartial = false;
    await (await import('node:fs/promises')).mkdir(dir);
    const controller = new AbortController();
    const wav = fixture('audio/intro-30s.wav');
    const analysis = await analyseAudioFile(ffmpeg, wav);
    const render = renderVideo(
      {
        settings: settingsOf('visualizer', 'mirrored-bars'),
        audioPath: wav,
        durationSeconds: 30,
        analysis,
        imagePaths: {},
      },
      path.join(dir, 'aborted.mp4'),
      {
        ffmpeg,
        tmpDir,
        signal: controller.signal,
        // Abort once ffmpeg has its partial file open: checked in the same tick, so the
        // test sees the file the abort must remove (polling could miss a quick cleanup).
        onProgress: (p) => {
          if (sawPartial || p.framesDone === 0) return;
          sawPartial = readdirSync(dir).some((name) => name.includes('partial'));
          if (sawPartial) controller.abort();
        },
      },
    );
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(sawPartial).toBe(true);
    expect(await readdir(dir)).toEqual([]);
    // No ffmpeg is left writing into the folder.
    const writers: string[] = [];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(dir)) writers.push(cmdline);
    }
    expect(writers).toEqual([]);
  });

  describe('bad input fails with RenderInputError and leaves nothing', () => {
    const base = (): RenderJobInput => ({
      settings: settingsOf('single-frame', 'cover-on-blur'),
      audioPath: fixture('audio/intro-8s-mono.mp3'),
      durationSeconds: 8,
      analysis: null,
      imagePaths: {},
    });
    const cases: [string, () => RenderJobInput, RegExp][] = [
      [
        'an image that is not a picture',
        () => ({ ...base(), imagePaths: { album_art: fixture('bad/html-named.jpg') } }),
        /album art image could not be read/,
      ],
      [
        'a missing image',
        () => ({ ...base(), imagePaths: { album_art: '/nonexistent/cover.jpg' } }),
        /album art image could not be read/,
      ],
      ['a missing audio file', () => ({ ...base(), audioPath: '/nonexistent/a.mp3' }), /missing/],
      [
        'audio that is text',
        () => ({ ...base(), audioPath: fixture('bad/text-named.mp3') }),
        /not audio/,
      ],
      [
        'a size the template does not offer',
        () => ({ ...base(), settings: { ...base().settings, width: 1280, height: 720 } }),
        /Size 1280x720 is not offered/,
      ],
      [
        'an unknown template',
        () => ({ ...base(), settings: { ...base().settings, template: 'nope' } }),
        /Unknown single-frame template "nope"/,
      ],
      [
        'a bad colour',
        () => ({
          ...base(),
          settings: {
            ...base().settings,
            colors: { ...base().settings.colors, primary_color: 'red' },
          },
        }),
        /primary_color/,
      ],
      [
        'a visualizer without analysis',
        () => ({ ...base(), settings: settingsOf('visualizer', 'mirrored-bars') }),
        /analysis/,
      ],
      ['no duration', () => ({ ...base(), durationSeconds: 0 }), /duration/],
    ];
    test.each(cases)('%s', async (_name, input, message) => {
      const dir = path.join(tmpDir, `bad-${Math.random().toString(36).slice(2)}`);
      await (await import('node:fs/promises')).mkdir(dir);
      const error = await renderVideo(input(), path.join(dir, 'out.mp4'), { ffmpeg, tmpDir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RenderInputError);
      expect((error as Error).message).toMatch(message);
      expect(await readdir(dir)).toEqual([]);
    });
  });
});
