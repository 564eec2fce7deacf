// `particles`: a particle design run by tsParticles, to --audio or for --seconds.

import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseDesign, type ParticleDesign } from '../../../core/particles/design';
import { findPreset } from '../../../core/particles/presets';
import { defaultSettings, findTemplate } from '../../../core/render/renderer';
import { FRAME_RATES, VIDEO_SIZES } from '../../../core/render/scene';
import { analyseTrack } from '../audio';
import { localFfmpeg, renderToFile } from '../job';
import { defineKind } from '../kind';
import { lyricsOptions, lyricsSettings } from '../lyrics-options';
import {
  fail,
  file,
  mp4File,
  readable,
  required,
  seconds,
  size,
  text,
  wholeNumber,
} from '../options';
import { applySceneOptions, imagePathsFor } from '../scene-options';

export const particlesKind = defineKind({
  name: 'particles',
  about:
    'A particle-system video: the design the editor exports (or a plain tsParticles options ' +
    "object, or a preset's name) run by tsParticles frame by frame, moving to --audio and as " +
    'long as it; without --audio it is silent and lasts --seconds (10). --image is the background.',
  options: {
    options: required(
      { ...text(), placeholder: '<design.json | preset name>' },
      ': a design file the editor exported, or a preset',
    ),
    out: required(mp4File()),
    audio: file('audio file'),
    image: file('image'),
    seconds: {
      ...seconds({ above: 0, max: 3600 }),
      default: 10,
      conflicts: { option: 'audio', because: 'with it, the video lasts as long as the track' },
    },
    size: size(VIDEO_SIZES),
    fps: wholeNumber(FRAME_RATES),
    seed: wholeNumber(),
    ...lyricsOptions(),
  },
  async run(options, progress) {
    const design = await loadDesign(options.options);
    const lyrics = await lyricsSettings(options, progress);
    const template = findTemplate('particles', 'particle-system')!;
    const settings = defaultSettings(template);
    settings.particles = design;
    applySceneOptions(settings, options);
    if (options.seed !== undefined) settings.seed = options.seed;
    if (lyrics) settings.lyrics = lyrics;
    const imagePaths = imagePathsFor(template, options);

    const ffmpeg = await localFfmpeg();
    const analysis = options.audio === undefined ? null : await analyseTrack(ffmpeg, options.audio);
    const durationSeconds = analysis ? analysis.summary.durationSeconds : options.seconds;
    progress.say(
      `Rendering particles "${design.name}" ${settings.width}x${settings.height} at ` +
        `${settings.fps} fps, ${durationSeconds.toFixed(1)} s${analysis ? ' of audio' : ', silent'}`,
    );
    const audioPath = options.audio === undefined ? '' : path.resolve(options.audio);
    await renderToFile(
      ffmpeg,
      progress,
      { settings, audioPath, durationSeconds, analysis, imagePaths },
      options.out,
    );
  },
});

/** A preset by name, else the design file of that name. */
async function loadDesign(name: string): Promise<ParticleDesign> {
  const preset = findPreset(name);
  if (preset) return preset.design;
  const parsed = parseDesign(await readFile(await readable(name, 'design file'), 'utf8'));
  if (!parsed.ok) fail(`${name}: ${parsed.reason}`);
  return parsed.design;
}
