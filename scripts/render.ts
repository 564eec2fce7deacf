// `npm run render -- <kind> --template <name> --audio <file> ... --out <file.mp4>`: renders a
// video without the server, through the same engine as the render jobs; the audio is analysed
// here with core's analyzer, as the process-audio job does. `npm run render -- templates` lists
// the templates. Any bad input ends with one line on stderr and exit status 1.

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseDesign } from '../core/particles/design';
import { findPreset, PARTICLE_PRESETS } from '../core/particles/presets';
import { CANVAS_MAX_SECONDS, CANVAS_MIN_SECONDS, planLoop } from '../core/render/canvas-loop';
import { defaultSettings, findTemplate, listTemplates } from '../core/render/renderer';
import {
  ASPECTS,
  COLOR_FIELDS,
  RENDER_KINDS,
  type ColorField,
  type ImageSlot,
  type RenderKind,
  type SceneSettings,
} from '../core/render/scene';
import type { TemplateInfo } from '../core/render/template';
import { resolveBinaries } from '../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../server/repositories/ffmpeg/ffmpeg';
import { analyseAudioFile } from '../server/render/analyse-audio';
import { renderVideo, type RenderJobInput, type RenderProgress } from '../server/render/engine';
import { extendLoop } from '../server/render/loop-extend';

const USAGE = `Usage:
  npm run render -- templates
      Lists the templates, one "kind name" per line.
  npm run render -- <visualizer|single-frame> --template <name> --audio <file> --out <file.mp4>
      [--image <file>] [--logo <file>] [--title <text>] [--artist <text>]
      [--settings <json>] [--size <width>x<height>] [--fps 30|60]

  --image     fills the template's album art slot when it has one, else its background slot
  --logo      fills the template's logo slot
  --settings  JSON object: colour fields (e.g. {"bar_fill":"#ff0066"}), "colors", "seed",
              "title", "artist"
  --size      one of the template's sizes (${Object.values(ASPECTS)
    .map((a) => `${a.width}x${a.height}`)
    .join(', ')}); default: its first
  --fps       frames per second of a visualizer (30 or 60); default 30
  npm run render -- canvas --template <name> --out <file.mp4> [--audio <file> [--section <s>]]
      [--image <file>] [--seconds <3-8>] [--size 1080x1920|720x1280] [--fps 24|25|30]
      [--title <text>] [--artist <text>] [--settings <json>]

  A Spotify Canvas: a silent vertical loop. With --audio its length is the whole number of beats
  (bars when they fit) of the section starting at --section (0) nearest --seconds (6), and its
  motion pulses on those beats; without, it lasts --seconds.
  npm run render -- particles --options <design.json | preset name> --out <file.mp4>
      [--audio <file>] [--image <file>] [--seconds <n>] [--size 1920x1080|1080x1080|1080x1920]
      [--fps 30|60] [--seed <n>]

  A particle-system video: the design the editor exports (or a plain tsParticles options
  object, or a preset's name) run by tsParticles frame by frame, moving to --audio and as long
  as it; without --audio it is silent and lasts --seconds (10). --image is the background.
  npm run render -- loop --video <clip> (--length <seconds> | --audio <file>) --out <file.mp4>
      A loop extension: the clip repeated to the length, or to the track's (its audio added,
      AAC copied), by stream copy; a clip that cannot be copied is encoded once first.`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function printTemplates(): void {
  for (const template of listTemplates()) {
    if (template.kind !== 'particles') console.log(`${template.kind} ${template.name}`);
  }
  for (const preset of PARTICLE_PRESETS) console.log(`particles ${preset.name}`);
}

function imageSlotFor(template: TemplateInfo): ImageSlot | null {
  if (template.imageSlots.includes('album_art')) return 'album_art';
  if (template.imageSlots.includes('background')) return 'background';
  return null;
}

function applySettingsJson(settings: SceneSettings, json: string): void {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    fail('--settings is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('--settings must be a JSON object');
  }
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if ((COLOR_FIELDS as readonly string[]).includes(key)) {
      settings.colors[key as ColorField] = String(field);
    } else if (key === 'colors' && typeof field === 'object' && field !== null) {
      for (const [name, colour] of Object.entries(field as Record<string, unknown>)) {
        if (!(COLOR_FIELDS as readonly string[]).includes(name)) fail(`unknown colour "${name}"`);
        settings.colors[name as ColorField] = String(colour);
      }
    } else if (key === 'seed' && Number.isInteger(field)) {
      settings.seed = field as number;
    } else if ((key === 'title' || key === 'artist') && typeof field === 'string') {
      settings[key] = field;
    } else {
      fail(`--settings: "${key}" is not a setting this command takes (or has a wrong value)`);
    }
  }
}

async function readable(file: string, what: string): Promise<string> {
  try {
    if (!(await stat(file)).isFile()) fail(`${what} ${file} is not a file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    fail(`${what} ${file} does not exist`);
  }
  return path.resolve(file);
}

function formatProgress(p: RenderProgress): string {
  const percent = Math.floor(p.fraction * 100);
  const eta = p.etaSeconds === null ? '' : `, about ${Math.ceil(p.etaSeconds)} s left`;
  return `${String(percent).padStart(3)}%  ${p.framesDone}/${p.framesTotal} frames${eta}`;
}

async function render(kind: RenderKind, argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      template: { type: 'string' },
      audio: { type: 'string' },
      image: { type: 'string' },
      logo: { type: 'string' },
      title: { type: 'string' },
      artist: { type: 'string' },
      settings: { type: 'string' },
      size: { type: 'string' },
      fps: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (!values.template) fail('--template is missing (see: npm run render -- templates)');
  const template = findTemplate(kind, values.template);
  if (!template) {
    fail(`unknown ${kind} template "${values.template}" (see: npm run render -- templates)`);
  }
  if (!values.audio) fail('--audio is missing');
  if (!values.out) fail('--out is missing');
  if (!values.out.toLowerCase().endsWith('.mp4')) fail('--out must name an .mp4 file');

  const settings = defaultSettings(template);
  if (values.size !== undefined) {
    const size = /^(\d+)x(\d+)$/.exec(values.size);
    if (!size) fail(`--size must look like 1920x1080, not "${values.size}"`);
    settings.width = Number(size[1]);
    settings.height = Number(size[2]);
  }
  if (values.fps !== undefined) {
    if (!/^\d+$/.test(values.fps)) fail(`--fps must be 30 or 60, not "${values.fps}"`);
    settings.fps = Number(values.fps);
  }
  if (values.title !== undefined) settings.title = values.title;
  if (values.artist !== undefined) settings.artist = values.artist;
  if (values.settings !== undefined) applySettingsJson(settings, values.settings);

  const audioPath = await readable(values.audio, 'audio file');
  const imagePaths = await artworkPaths(template, values.image);
  if (values.logo !== undefined) {
    if (!template.imageSlots.includes('logo')) {
      fail(`template "${template.name}" shows no logo`);
    }
    imagePaths.logo = await readable(values.logo, 'logo');
  }

  const ffmpeg = await localFfmpeg();
  const probe = await ffmpeg.probe(audioPath).catch(() => null);
  const stream = probe?.streams.find((candidate) => candidate.codec_type === 'audio');
  const durationSeconds = Number(probe?.format.duration ?? stream?.duration ?? NaN);
  if (!stream || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    fail(`cannot read audio from ${values.audio}: it is not an audio file we can decode`);
  }
  const analysis =
    kind === 'visualizer'
      ? await analyseAudioFile(ffmpeg, audioPath).catch(() =>
          fail(`cannot decode the audio of ${values.audio}: the file may be damaged`),
        )
      : null;

  console.log(
    `Rendering ${kind} "${template.name}" ${settings.width}x${settings.height}` +
      `${kind === 'visualizer' ? ` at ${settings.fps} fps` : ''}, ${durationSeconds.toFixed(1)} s of audio`,
  );
  await runRender(
    ffmpeg,
    { settings, audioPath, durationSeconds, analysis, imagePaths },
    values.out,
    durationSeconds,
  );
}

/** Renders through the engine with progress lines; Ctrl-C cancels (nothing is left behind). */
async function runRender(
  ffmpeg: Ffmpeg,
  input: RenderJobInput,
  out: string,
  videoSeconds: number,
): Promise<void> {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-render-'));
  const started = performance.now();
  try {
    const result = await withCancel((signal) =>
      renderVideo(input, path.resolve(out), {
        ffmpeg,
        tmpDir,
        signal,
        onProgress: (p) => console.log(formatProgress(p)),
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Wrote ${out}: ${result.frames} frames in ${seconds.toFixed(1)} s ` +
        `(${(videoSeconds / seconds).toFixed(1)}x real time)`,
    );
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** The ffmpeg of FFMPEG_PATH / FFPROBE_PATH, else the bundled one. */
async function localFfmpeg(): Promise<Ffmpeg> {
  return new Ffmpeg(
    await resolveBinaries({
      ffmpegPath: process.env.FFMPEG_PATH || undefined,
      ffprobePath: process.env.FFPROBE_PATH || undefined,
    }),
  );
}

/** Fills the template's album art (else background) slot from --image. */
async function artworkPaths(template: TemplateInfo, image: string | undefined) {
  const imagePaths: Partial<Record<ImageSlot, string>> = {};
  if (image !== undefined) {
    const slot = imageSlotFor(template);
    if (!slot) fail(`template "${template.name}" shows no album art or background image`);
    imagePaths[slot] = await readable(image, 'image');
  }
  return imagePaths;
}

/** `canvas`: a Spotify Canvas loop, cut on the beat of --audio's section when given. */
async function renderCanvas(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      template: { type: 'string' },
      audio: { type: 'string' },
      section: { type: 'string' },
      image: { type: 'string' },
      title: { type: 'string' },
      artist: { type: 'string' },
      settings: { type: 'string' },
      seconds: { type: 'string' },
      size: { type: 'string' },
      fps: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (!values.template) fail('--template is missing (see: npm run render -- templates)');
  const template = findTemplate('canvas', values.template);
  if (!template) {
    fail(`unknown canvas template "${values.template}" (see: npm run render -- templates)`);
  }
  if (!values.out) fail('--out is missing');
  if (!values.out.toLowerCase().endsWith('.mp4')) fail('--out must name an .mp4 file');
  if (values.section !== undefined && values.audio === undefined) {
    fail('--section needs --audio: it is where in the track the loop is cut');
  }
  const settings = defaultSettings(template);
  if (values.size !== undefined) {
    const size = /^(\d+)x(\d+)$/.exec(values.size);
    if (!size) fail(`--size must look like 1080x1920, not "${values.size}"`);
    settings.width = Number(size[1]);
    settings.height = Number(size[2]);
  }
  if (values.fps !== undefined) {
    if (!/^\d+$/.test(values.fps)) fail(`--fps must be 24, 25 or 30, not "${values.fps}"`);
    settings.fps = Number(values.fps);
  }
  const number = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0)
      fail(`${name} must be a number of seconds`);
    return n;
  };
  const seconds = number(values.seconds, '--seconds');
  if (seconds !== undefined && (seconds < CANVAS_MIN_SECONDS || seconds > CANVAS_MAX_SECONDS)) {
    fail(`--seconds must be between ${CANVAS_MIN_SECONDS} and ${CANVAS_MAX_SECONDS}`);
  }
  const sectionStart = number(values.section, '--section');
  if (values.title !== undefined) settings.title = values.title;
  if (values.artist !== undefined) settings.artist = values.artist;
  if (values.settings !== undefined) applySettingsJson(settings, values.settings);
  const imagePaths = await artworkPaths(template, values.image);

  const ffmpeg = await localFfmpeg();
  let analysis = null;
  if (values.audio !== undefined) {
    const audioPath = await readable(values.audio, 'audio file');
    analysis = await analyseAudioFile(ffmpeg, audioPath).catch(() =>
      fail(`cannot decode the audio of ${values.audio}: it is not audio we can read`),
    );
    if (sectionStart !== undefined && sectionStart >= analysis.summary.durationSeconds) {
      fail(`--section ${sectionStart} is past the end of the track`);
    }
  }
  settings.loop = planLoop({ analysis, sectionStart, seconds, fps: settings.fps });
  const loopSeconds = settings.loop.frames / settings.fps;
  const beat = settings.loop.beats
    ? `${settings.loop.beats} beats at ${settings.loop.bpm} bpm`
    : 'no beat to follow';
  console.log(
    `Rendering canvas "${template.name}" ${settings.width}x${settings.height} at ${settings.fps} fps: ` +
      `a ${loopSeconds.toFixed(2)} s loop, ${beat}`,
  );
  await runRender(
    ffmpeg,
    { settings, audioPath: '', durationSeconds: loopSeconds, analysis: null, imagePaths },
    values.out,
    loopSeconds,
  );
}

/** `particles`: a particle design run by tsParticles, to --audio or for --seconds. */
async function renderParticles(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      options: { type: 'string' },
      audio: { type: 'string' },
      image: { type: 'string' },
      seconds: { type: 'string' },
      size: { type: 'string' },
      fps: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (!values.options) fail('--options is missing: a design file the editor exported, or a preset');
  if (!values.out) fail('--out is missing');
  if (!values.out.toLowerCase().endsWith('.mp4')) fail('--out must name an .mp4 file');
  if (values.audio !== undefined && values.seconds !== undefined) {
    fail('--seconds is for a video without --audio: with it, the video lasts as long as the track');
  }
  const preset = findPreset(values.options);
  const parsed = preset
    ? { ok: true as const, design: preset.design }
    : parseDesign(await readFile(await readable(values.options, 'design file'), 'utf8'));
  if (!parsed.ok) fail(`${values.options}: ${parsed.reason}`);
  const template = findTemplate('particles', 'particle-system')!;
  const settings = defaultSettings(template);
  settings.particles = parsed.design;
  if (values.size !== undefined) {
    const size = /^(\d+)x(\d+)$/.exec(values.size);
    if (!size) fail(`--size must look like 1920x1080, not "${values.size}"`);
    settings.width = Number(size[1]);
    settings.height = Number(size[2]);
  }
  if (values.fps !== undefined) {
    if (!/^\d+$/.test(values.fps)) fail(`--fps must be 30 or 60, not "${values.fps}"`);
    settings.fps = Number(values.fps);
  }
  if (values.seed !== undefined) {
    if (!/^\d+$/.test(values.seed)) fail(`--seed must be a whole number, not "${values.seed}"`);
    settings.seed = Number(values.seed);
  }
  const imagePaths = await artworkPaths(template, values.image);
  const ffmpeg = await localFfmpeg();
  let durationSeconds = 10;
  let analysis = null;
  let audioPath = '';
  if (values.audio !== undefined) {
    audioPath = await readable(values.audio, 'audio file');
    analysis = await analyseAudioFile(ffmpeg, audioPath).catch(() =>
      fail(`cannot decode the audio of ${values.audio}: it is not audio we can read`),
    );
    durationSeconds = analysis.summary.durationSeconds;
  } else if (values.seconds !== undefined) {
    durationSeconds = Number(values.seconds);
    if (!(durationSeconds > 0 && durationSeconds <= 3600)) {
      fail('--seconds must be a number of seconds up to 3600');
    }
  }
  console.log(
    `Rendering particles "${parsed.design.name}" ${settings.width}x${settings.height} at ` +
      `${settings.fps} fps, ${durationSeconds.toFixed(1)} s${audioPath ? ' of audio' : ', silent'}`,
  );
  await runRender(
    ffmpeg,
    { settings, audioPath, durationSeconds, analysis, imagePaths },
    values.out,
    durationSeconds,
  );
}

/** `loop`: a clip repeated to a length or to a track's (with its audio), by stream copy. */
async function renderLoop(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      video: { type: 'string' },
      length: { type: 'string' },
      audio: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (!values.video) fail('--video is missing');
  if (!values.out) fail('--out is missing');
  if (!values.out.toLowerCase().endsWith('.mp4')) fail('--out must name an .mp4 file');
  if ((values.length === undefined) === (values.audio === undefined)) {
    fail('give either --length <seconds> or --audio <file>');
  }
  const length = values.length === undefined ? undefined : Number(values.length);
  if (length !== undefined && !(length > 0)) fail('--length must be a number of seconds');
  const clipPath = await readable(values.video, 'video');
  const audioPath =
    values.audio === undefined ? undefined : await readable(values.audio, 'audio file');
  const ffmpeg = await localFfmpeg();
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-loop-'));
  const started = performance.now();
  try {
    const result = await withCancel((signal) =>
      extendLoop({ clipPath, targetSeconds: length, audioPath }, path.resolve(values.out!), {
        ffmpeg,
        tmpDir,
        signal,
        onProgress: (p) => console.log(formatProgress(p)),
      }),
    );
    const how = result.copied
      ? 'its packets repeated by copy'
      : `encoded once first (${result.clip.reencodeReason}), then repeated by copy`;
    console.log(
      `Wrote ${values.out}: ${result.frames} frames, ${result.durationSeconds.toFixed(3)} s, ` +
        `the ${result.clip.durationSeconds.toFixed(2)} s clip ${how}, in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** Runs work with an AbortSignal that Ctrl-C (or SIGTERM) aborts. */
async function withCancel<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'templates') return printTemplates();
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    if (command === undefined) process.exitCode = 1;
    return;
  }
  if (command === 'canvas') return renderCanvas(rest);
  if (command === 'particles') return renderParticles(rest);
  if (command === 'loop') return renderLoop(rest);
  if (!(RENDER_KINDS as readonly string[]).includes(command)) {
    fail(
      `unknown command "${command}": use visualizer, single-frame, canvas, particles, loop or templates`,
    );
  }
  await render(command as RenderKind, rest);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const message =
    error instanceof Error
      ? error.name === 'AbortError'
        ? 'cancelled'
        : error.message.split('\n')[0]!
      : String(error);
  console.error(`render: ${message}`);
  process.exitCode = 1;
}
