// `visualizer` and `single-frame`: a template drawn to the whole of --audio, through the engine.

import path from 'node:path';
import { defaultSettings } from '../../../core/render/renderer';
import { ASPECTS, FRAME_RATES } from '../../../core/render/scene';
import { analyseTrack, trackSeconds } from '../audio';
import { localFfmpeg, renderToFile } from '../job';
import { defineKind } from '../kind';
import { file, mp4File, required, SEE_TEMPLATES, size, template, wholeNumber } from '../options';
import { applySceneOptions, imagePathsFor, sceneOptions } from '../scene-options';

const SIZES = Object.values(ASPECTS);
const SIZE_NAMES = SIZES.map((s) => `${s.width}x${s.height}`).join(', ');

export function videoKind(kind: 'visualizer' | 'single-frame') {
  return defineKind({
    name: kind,
    options: {
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
    },
    async run(options, progress) {
      const settings = defaultSettings(options.template);
      applySceneOptions(settings, options);
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
    },
  });
}
