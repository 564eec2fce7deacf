// `kit`: a release kit from one track and one look, written to a folder: the full-length 16:9
// visualizer, the hook at 9:16 and at 1:1 or 4:5, a Spotify Canvas of the hook's section, a
// 1280x720 titled thumbnail, and kit.json saying what each file is. core/render/release-kit.ts
// plans it; each file is the one engine's render (or its titled thumbnail).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { barGrid } from '../../../core/audio-analysis/bar-grid';
import {
  HOOK_MAX_SECONDS,
  HOOK_MIN_SECONDS,
  hookFade,
  hookFromStart,
} from '../../../core/audio-analysis/hook';
import { findHook } from '../../../core/audio-analysis/hook-finder';
import { CANVAS_DEFAULT_FPS } from '../../../core/render/canvas-loop';
import {
  FEED_SHAPES,
  kitManifest,
  planKit,
  type FeedShape,
  type KitPart,
} from '../../../core/render/release-kit';
import { defaultSettings, findTemplate } from '../../../core/render/renderer';
import type { SceneSettings } from '../../../core/render/scene';
import type { Template } from '../../../core/render/template';
import { renderTitleThumbnail } from '../../../server/render/engine';
import { analyseTrack } from '../audio';
import { localFfmpeg, renderToFile, runJob } from '../job';
import { defineKind } from '../kind';
import { lyricsOptions, lyricsSettings } from '../lyrics-options';
import {
  fail,
  file,
  folder,
  listOr,
  required,
  SEE_TEMPLATES,
  seconds,
  template,
  type Option,
} from '../options';
import { applySceneOptions, imagePathsFor, sceneOptions } from '../scene-options';

/** The Canvas template a kit uses unless told: a slow zoom on the artwork, else drifting light. */
const CANVAS_WITH_IMAGE = 'slow-zoom';
const CANVAS_WITHOUT_IMAGE = 'drifting-particles';

const FEEDS = Object.keys(FEED_SHAPES) as FeedShape[];

function feedShape(): Option<FeedShape> & { default: FeedShape } {
  return {
    placeholder: FEEDS.join('|'),
    help: 'the feed clip’s shape (Instagram’s square or portrait post); default 4:5',
    default: '4:5',
    parse: (value, flag) =>
      (FEEDS as string[]).includes(value)
        ? (value as FeedShape)
        : fail(`${flag} must be ${listOr(FEEDS)}`),
  };
}

export const kitKind = defineKind({
  name: 'kit',
  about:
    'A release kit in --out: the full track at 1920x1080, its hook at 1080x1920 and 1080 wide ' +
    '(--feed), a Spotify Canvas of the hook, a 1280x720 thumbnail with the title, and kit.json. ' +
    'The hook is found in the music (the chorus or drop, on a bar line) unless --hook-start ' +
    'says where; it lasts the whole bars nearest --hook-seconds (30), faded over whole beats. ' +
    'With --lyrics, the three videos show them; the Canvas and the thumbnail do not.',
  options: {
    template: required(template('visualizer'), ` ${SEE_TEMPLATES}`),
    audio: required(file('audio file')),
    out: required(folder()),
    image: sceneOptions.image(),
    logo: sceneOptions.logo(),
    title: sceneOptions.title(),
    artist: sceneOptions.artist(),
    settings: sceneOptions.settings(),
    'hook-start': {
      ...seconds(),
      help: 'where the hook starts, in seconds of the track (moved to the nearest bar line)',
    },
    'hook-seconds': seconds({ min: HOOK_MIN_SECONDS, max: HOOK_MAX_SECONDS }),
    feed: feedShape(),
    'canvas-template': {
      placeholder: '<name>',
      help: `the Canvas's template; default ${CANVAS_WITH_IMAGE} with --image, else ${CANVAS_WITHOUT_IMAGE}`,
      parse: template('canvas').parse,
    },
    ...lyricsOptions(),
  },
  async run(options, progress) {
    const look = options.template;
    for (const aspect of ['16:9', '9:16', '1:1', '4:5'] as const) {
      if (!look.aspects.includes(aspect)) fail(`template "${look.name}" has no ${aspect} layout`);
    }
    const canvasTemplate =
      options['canvas-template'] ??
      findTemplate('canvas', options.image ? CANVAS_WITH_IMAGE : CANVAS_WITHOUT_IMAGE)!;
    const trackName = path.basename(options.audio);
    const title = options.title ?? trackName.replace(/\.[^.]+$/, '');
    const lyrics = await lyricsSettings(options, progress);

    const ffmpeg = await localFfmpeg();
    const analysis = await analyseTrack(ffmpeg, options.audio, 'the file may be damaged');
    const duration = analysis.summary.durationSeconds;
    const grid = barGrid(analysis);
    const start = options['hook-start'];
    if (start !== undefined && start >= duration) {
      fail(`--hook-start ${start} is past the end of the track`);
    }
    const target = options['hook-seconds'];
    const hook =
      start === undefined
        ? findHook(analysis, { grid, ...(target === undefined ? {} : { targetSeconds: target }) })
        : hookFromStart(grid, start, target);
    const parts = planKit({
      analysis,
      hook,
      fadeSeconds: hookFade(grid).seconds,
      feed: options.feed,
      name: title,
      canvasFps: CANVAS_DEFAULT_FPS,
    });
    const tempo = analysis.summary.bpm ? `${analysis.summary.bpm} bpm` : 'no steady tempo';
    progress.say(
      `Kit of ${trackName} (${duration.toFixed(1)} s, ${tempo}): the hook is ` +
        `${clock(hook.startSeconds)}-${clock(hook.endSeconds)}, ${hook.bars} bars`,
    );

    await mkdir(options.out, { recursive: true });
    const audioPath = path.resolve(options.audio);
    /** The look at a part's size, with the kit's texts, images and colours. */
    const lookAt = (part: KitPart, of: Template = look): SceneSettings => {
      const settings = defaultSettings(of);
      applySceneOptions(settings, { ...options, title, size: part });
      return settings;
    };
    for (const part of parts) {
      const out = path.join(options.out, part.file);
      progress.say(`${part.file}: ${part.width}x${part.height}`);
      if (part.output === 'thumbnail') {
        const { result } = await runJob(ffmpeg, progress, ({ signal }) =>
          renderTitleThumbnail(
            {
              settings: lookAt({ ...part, width: 1920, height: 1080 }),
              audioPath,
              durationSeconds: duration,
              analysis,
              imagePaths: imagePathsFor(look, options),
            },
            path.resolve(out),
            { atSeconds: part.audio.startSeconds, ...(signal ? { signal } : {}) },
          ),
        );
        progress.say(`Wrote ${out}: ${result.bytes} bytes`);
      } else if (part.output === 'canvas') {
        const settings = lookAt(part, canvasTemplate);
        settings.fps = CANVAS_DEFAULT_FPS;
        settings.loop = part.loop;
        await renderToFile(
          ffmpeg,
          progress,
          {
            settings,
            audioPath: '',
            durationSeconds: part.seconds,
            analysis: null,
            imagePaths: imagePathsFor(canvasTemplate, options),
          },
          out,
        );
      } else {
        // The full and hook videos carry the lyrics at their times in the track; the Canvas
        // has none (Spotify shows lyrics beside it itself), nor has the thumbnail.
        await renderToFile(
          ffmpeg,
          progress,
          {
            settings: { ...lookAt(part), ...(lyrics ? { lyrics } : {}) },
            audioPath,
            durationSeconds: duration,
            analysis,
            imagePaths: imagePathsFor(look, options),
            ...(part.output === 'full'
              ? {}
              : {
                  section: {
                    startSeconds: part.audio.startSeconds,
                    endSeconds: part.audio.endSeconds,
                    fadeSeconds: part.fadeSeconds,
                  },
                }),
          },
          out,
        );
      }
    }
    const manifest = kitManifest(
      parts,
      { file: trackName, seconds: duration, bpm: analysis.summary.bpm },
      hook,
    );
    await writeFile(path.join(options.out, 'kit.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    progress.say(`Wrote ${path.join(options.out, 'kit.json')}`);
  },
});

/** 83.5 → "1:23.5" */
function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}
