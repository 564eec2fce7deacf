// `canvas`: a Spotify Canvas loop, cut on the beat of --audio's section when given.

import {
  CANVAS_FRAME_RATES,
  CANVAS_MAX_SECONDS,
  CANVAS_MIN_SECONDS,
  CANVAS_SIZES,
  planLoop,
} from '../../../core/render/canvas-loop';
import { defaultSettings } from '../../../core/render/renderer';
import { analyseTrack } from '../audio';
import { localFfmpeg, renderToFile } from '../job';
import { defineKind } from '../kind';
import {
  fail,
  file,
  mp4File,
  required,
  SEE_TEMPLATES,
  seconds,
  size,
  template,
  wholeNumber,
} from '../options';
import { applySceneOptions, imagePathsFor, sceneOptions } from '../scene-options';

export const canvasKind = defineKind({
  name: 'canvas',
  about:
    'A Spotify Canvas: a silent vertical loop. With --audio its length is the whole number of ' +
    'beats (bars when they fit) of the section starting at --section (0) nearest --seconds (6), ' +
    'and its motion pulses on those beats; without, it lasts --seconds.',
  options: {
    template: required(template('canvas'), ` ${SEE_TEMPLATES}`),
    out: required(mp4File()),
    audio: file('audio file'),
    section: {
      ...seconds(),
      needs: { option: 'audio', because: 'it is where in the track the loop is cut' },
    },
    image: sceneOptions.image(),
    seconds: seconds({ min: CANVAS_MIN_SECONDS, max: CANVAS_MAX_SECONDS }),
    size: size(CANVAS_SIZES),
    fps: wholeNumber(CANVAS_FRAME_RATES),
    title: sceneOptions.title(),
    artist: sceneOptions.artist(),
    settings: sceneOptions.settings(),
  },
  async run(options, progress) {
    const settings = defaultSettings(options.template);
    applySceneOptions(settings, options);
    const imagePaths = imagePathsFor(options.template, options);

    const ffmpeg = await localFfmpeg();
    const analysis = options.audio === undefined ? null : await analyseTrack(ffmpeg, options.audio);
    const sectionStart = options.section;
    if (
      analysis &&
      sectionStart !== undefined &&
      sectionStart >= analysis.summary.durationSeconds
    ) {
      fail(`--section ${sectionStart} is past the end of the track`);
    }
    settings.loop = planLoop({
      analysis,
      sectionStart,
      seconds: options.seconds,
      fps: settings.fps,
    });
    const loopSeconds = settings.loop.frames / settings.fps;
    const beat = settings.loop.beats
      ? `${settings.loop.beats} beats at ${settings.loop.bpm} bpm`
      : 'no beat to follow';
    progress.say(
      `Rendering canvas "${options.template.name}" ${settings.width}x${settings.height} at ` +
        `${settings.fps} fps: a ${loopSeconds.toFixed(2)} s loop, ${beat}`,
    );
    await renderToFile(
      ffmpeg,
      progress,
      { settings, audioPath: '', durationSeconds: loopSeconds, analysis: null, imagePaths },
      options.out,
    );
  },
});
