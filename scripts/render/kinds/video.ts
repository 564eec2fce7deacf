// `visualizer` and `single-frame`: a template drawn to the whole of --audio, through the engine;
// a visualizer may carry lyrics (a still has none).

import path from 'node:path';
import type { LyricsSettings } from '../../../core/render/lyrics/lyric-style-name';
import { defaultSettings } from '../../../core/render/renderer';
import { FRAME_RATES, VIDEO_SIZES } from '../../../core/render/scene';
import { analyseTrack, trackSeconds } from '../audio';
import { localFfmpeg, renderToFile } from '../job';
import { defineKind } from '../kind';
import { lyricsOptions, lyricsSettings } from '../lyrics-options';
import {
  file,
  mp4File,
  required,
  SEE_TEMPLATES,
  size,
  template,
  wholeNumber,
  type OptionValues,
} from '../options';
import type { Progress } from '../progress';
import { applySceneOptions, imagePathsFor, sceneOptions } from '../scene-options';

const SIZES = VIDEO_SIZES;
const SIZE_NAMES = SIZES.map((s) => `${s.width}x${s.height}`).join(', ');

type VideoKind = 'visualizer' | 'single-frame';

function trackOptions(kind: VideoKind) {
  return {
    template: required(template(kind), ` ${SEE_TEMPLATES}`),
    audio: required(file('audio file')),
    out: required(mp4File()),
    image: sceneOptions.image(),
    logo: sceneOptions.logo(),
    title: sceneOptions.title(),
    artist: sceneOptions.artist(),
    settings: sceneOptions.settings(),
    size: size(
      SIZES,
      '<width>x<height>',
      `one of the template's sizes (${SIZE_NAMES}); default: its first`,
    ),
    fps: {
      ...wholeNumber(FRAME_RATES),
      help: 'frames per second of a visualizer (30 or 60); default 30',
    },
  };
}

export const visualizerKind = defineKind({
  name: 'visualizer',
  options: { ...trackOptions('visualizer'), ...lyricsOptions() },
  async run(options, progress) {
    await renderTrack('visualizer', options, progress, await lyricsSettings(options, progress));
  },
});

export const singleFrameKind = defineKind({
  name: 'single-frame',
  options: trackOptions('single-frame'),
  run: (options, progress) => renderTrack('single-frame', options, progress),
});

async function renderTrack(
  kind: VideoKind,
  options: OptionValues<ReturnType<typeof trackOptions>>,
  progress: Progress,
  lyrics?: LyricsSettings,
): Promise<void> {
  const settings = defaultSettings(options.template);
  applySceneOptions(settings, options);
  if (lyrics) settings.lyrics = lyrics;
  const imagePaths = imagePathsFor(options.template, options);

  const ffmpeg = await localFfmpeg();
  const durationSeconds = await trackSeconds(ffmpeg, options.audio);
  const analysis =
    kind === 'visualizer'
      ? await analyseTrack(ffmpeg, options.audio, 'the file may be damaged')
      : null;

  const rate = kind === 'visualizer' ? ` at ${settings.fps} fps` : '';
  progress.say(
    `Rendering ${kind} "${options.template.name}" ${settings.width}x${settings.height}` +
      `${rate}, ${durationSeconds.toFixed(1)} s of audio`,
  );
  const audioPath = path.resolve(options.audio);
  await renderToFile(
    ffmpeg,
    progress,
    { settings, audioPath, durationSeconds, analysis, imagePaths },
    options.out,
  );
}
