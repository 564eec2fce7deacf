// A whole release kit (issue 26) against making the same five files one by one as a user would
// without it, in this same run. The track is the ~3-minute fixture as users bring it (Ogg
// Vorbis), the look mirrored-bars over a 4096 px JPEG. The subject is one command:
//   npm run render -- kit --template mirrored-bars --audio <track> --image <jpg> --out <dir>
// The baseline, each an `npm run render` (or ffmpeg) command of its own, at the hook seconds the
// kit chose (read from its kit.json):
//   - the full video: `visualizer` of the whole track (1920x1080);
//   - the hook's audio cut once with ffmpeg -ss/-t (AAC), then `visualizer --size 1080x1920` and
//     `--size 1080x1350` of that cut (no fades: the kit's are over whole beats, free in its encode);
//   - the Canvas: `canvas --template slow-zoom --audio <track> --section <hook start>`;
//   - the thumbnail: no command makes a titled 1280x720 picture alone, so the nearest: a
//     `single-frame --template cover-with-title` video of the hook's cut (a titled still at
//     1920x1080), then ffmpeg takes its first frame scaled to a 1280x720 JPEG.
// Order: the baseline's full video, the kit, the baseline's other parts. Reported: both totals,
// the ratio baseline seconds / kit seconds (above 1: the kit is faster), CPU of each, and
// per-part times (the kit's from its progress lines as they come). One run of each (a full one
// took 8 minutes on a busy 2-core machine); KIT_BENCH_SECONDS=40 cuts the track for a look.
// `npm run bench -- kit` runs it alone.
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KitManifest, KitOutput } from '../core/render/release-kit';
import type { Ffmpeg } from '../server/repositories/ffmpeg/ffmpeg';
import { benchFfmpeg } from './measure';
import { NPM, runTimed, type Run } from './timed-command';

const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures');
const TRACK = path.join(FIXTURES, 'audio/introzik-full.ogg');
const LOOK = ['--template', 'mirrored-bars'];
const CANVAS_TEMPLATE = 'slow-zoom';
const THUMBNAIL_TEMPLATE = 'cover-with-title';
const TEXTS = ['--title', 'Intro', '--artist', 'Frozen Bubble'];

/** A part's time: what it is and how long it took (CPU when run as a command of its own). */
interface PartTime {
  name: string;
  seconds: number;
  cpu?: number;
}

type Command = () => Promise<Run>;

const render = (...args: string[]) => runTimed(NPM, ['run', '--silent', 'render', '--', ...args]);

export async function benchKit(): Promise<void> {
  const ffmpeg = await benchFfmpeg();
  const ffmpegBinary = (await ffmpeg.status()).ffmpeg.path!;
  const dir = path.join(os.tmpdir(), `waveframe-bench-kit-${process.pid}`);
  await mkdir(dir, { recursive: true });
  try {
    // The CLI builds its bundle at the first run after a change of the sources: not timed.
    await render('templates');
    const image = path.join(dir, 'wood-4096.jpg');
    await ffmpeg.run(['-i', path.join(FIXTURES, 'images/wood-4096.webp'), '-q:v', '3', image]);
    const track = await benchTrack(ffmpeg, dir);
    const kitDir = path.join(dir, 'kit');
    const load = os.loadavg()[0]!;
    // The baseline's full video before the kit and its other parts after: a machine whose load
    // drifts during the run weighs on both sides.
    const oneByOne = oneByOneMaker(ffmpegBinary, track, image, dir);
    await oneByOne.full();
    const kit = await runKit(track, image, kitDir);
    const manifest = JSON.parse(
      await readFile(path.join(kitDir, 'kit.json'), 'utf8'),
    ) as KitManifest;
    const made = await oneByOne.hookParts(manifest);
    printReport(manifest, kit, made);
    const cpus = os.cpus();
    console.log(
      `  machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), load average ` +
        `${load.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end`,
    );
    await compareFiles(ffmpeg, manifest, kitDir, made.files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The fixture as is, or its first KIT_BENCH_SECONDS (stream copy, same codec). */
async function benchTrack(ffmpeg: Ffmpeg, dir: string): Promise<string> {
  const seconds = process.env.KIT_BENCH_SECONDS;
  if (!seconds) return TRACK;
  const cut = path.join(dir, `introzik-${seconds}s.ogg`);
  await ffmpeg.run(['-i', TRACK, '-t', seconds, '-map', '0:a:0', '-c:a', 'copy', cut]);
  return cut;
}

/** The kit command, its parts timed from its progress lines ("<file>: WxH" starts one). */
async function runKit(
  track: string,
  image: string,
  out: string,
): Promise<{ run: Run; parts: PartTime[] }> {
  const marks: { name: string; at: number }[] = [];
  const run = await runTimed(
    NPM,
    [
      ...['run', '--silent', 'render', '--', 'kit', ...LOOK, '--audio', track],
      ...['--image', image, ...TEXTS, '--out', out],
    ],
    (line, seconds) => {
      const part = /^(\S+): \d+x\d+$/.exec(line);
      if (part) marks.push({ name: part[1]!, at: seconds });
      else if (line.endsWith('kit.json')) marks.push({ name: 'kit.json', at: seconds });
    },
  );
  const parts: PartTime[] = [{ name: 'start, analysis, hook', seconds: marks[0]?.at ?? 0 }];
  for (let i = 0; i < marks.length; i++) {
    const end = marks[i + 1]?.at ?? run.seconds;
    parts.push({ name: marks[i]!.name, seconds: end - marks[i]!.at });
  }
  return { run, parts };
}

interface OneByOne {
  parts: (PartTime & { output?: KitOutput })[];
  /** The baseline's file for each output of the kit. */
  files: Partial<Record<KitOutput, string>>;
}

/**
 * The five files made one command at a time, as a user without the kit would: `full` makes the
 * full video (which needs no hook), `hookParts` the rest at the hook of the kit's kit.json.
 */
function oneByOneMaker(ffmpegBinary: string, track: string, image: string, dir: string) {
  const out = (name: string) => path.join(dir, name);
  const made: OneByOne = { parts: [], files: {} };
  /** Runs the commands one after the other (a user starts each when the last has ended). */
  const timed = async (name: string, output: KitOutput | undefined, ...runs: Command[]) => {
    let seconds = 0;
    let cpu = 0;
    for (const command of runs) {
      const run = await command();
      seconds += run.seconds;
      cpu += run.user + run.sys;
    }
    made.parts.push({ name, seconds, cpu, ...(output ? { output } : {}) });
  };
  const ffmpegCommand =
    (...args: string[]) =>
    () =>
      runTimed(ffmpegBinary, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args]);
  const renderCommand =
    (...args: string[]) =>
    () =>
      render(...args);
  const look = [...LOOK, '--image', image, ...TEXTS];

  async function full(): Promise<void> {
    made.files.full = out('full.mp4');
    await timed(
      'full (visualizer)',
      'full',
      renderCommand('visualizer', ...look, '--audio', track, '--out', made.files.full),
    );
  }

  async function hookParts(manifest: KitManifest): Promise<OneByOne> {
    const { startSeconds, endSeconds } = manifest.hook;
    const feed = manifest.files.find((file) => file.output === 'feed')!;
    const feedSize = `${feed.width}x${feed.height}`;
    const hookAudio = out('hook.m4a');
    const still = out('still.mp4');
    const files = Object.assign(made.files, {
      vertical: out('vertical.mp4'),
      feed: out('feed.mp4'),
      canvas: out('canvas.mp4'),
      thumbnail: out('thumbnail.jpg'),
    });
    const hookAt = (size: string, file: string) =>
      renderCommand('visualizer', ...look, '--audio', hookAudio, '--size', size, '--out', file);
    await timed(
      'hook audio cut (ffmpeg -ss/-t, AAC)',
      undefined,
      ffmpegCommand(
        ...['-ss', String(startSeconds), '-t', String(endSeconds - startSeconds), '-i', track],
        ...['-map', '0:a:0', '-c:a', 'aac', '-b:a', '192k', hookAudio],
      ),
    );
    await timed('vertical (visualizer 1080x1920)', 'vertical', hookAt('1080x1920', files.vertical));
    await timed(`feed (visualizer ${feedSize})`, 'feed', hookAt(feedSize, files.feed));
    await timed(
      `canvas (${CANVAS_TEMPLATE}, --section)`,
      'canvas',
      renderCommand(
        ...['canvas', '--template', CANVAS_TEMPLATE, '--image', image, ...TEXTS],
        ...['--audio', track, '--section', String(startSeconds), '--out', files.canvas],
      ),
    );
    await timed(
      `thumbnail (${THUMBNAIL_TEMPLATE} + frame)`,
      'thumbnail',
      renderCommand(
        ...['single-frame', '--template', THUMBNAIL_TEMPLATE, '--image', image, ...TEXTS],
        ...['--audio', hookAudio, '--size', '1920x1080', '--out', still],
      ),
      ffmpegCommand(
        ...['-i', still, '-frames:v', '1', '-vf', 'scale=1280:720', '-q:v', '3'],
        files.thumbnail,
      ),
    );
    return made;
  }

  return { full, hookParts };
}

function printReport(
  manifest: KitManifest,
  kit: { run: Run; parts: PartTime[] },
  oneByOne: OneByOne,
): void {
  const { track, hook } = manifest;
  const total = oneByOne.parts.reduce((sum, part) => sum + part.seconds, 0);
  const totalCpu = oneByOne.parts.reduce((sum, part) => sum + (part.cpu ?? 0), 0);
  const kitCpu = kit.run.user + kit.run.sys;
  const s = (seconds: number) => `${seconds.toFixed(1).padStart(7)} s`;
  console.log(
    `Release kit of ${track.file} (${track.seconds.toFixed(1)} s, ${track.bpm ?? 'no'} bpm), ` +
      `mirrored-bars + 4096 px JPEG; hook ${hook.startSeconds}-${hook.endSeconds} s (${hook.bars} bars):`,
  );
  console.log(`${'  the kit, one command'.padEnd(48)}${s(kit.run.seconds)}   CPU ${s(kitCpu)}`);
  for (const part of kit.parts) console.log(`${`    ${part.name}`.padEnd(48)}${s(part.seconds)}`);
  console.log(`${'  the same files one by one'.padEnd(48)}${s(total)}   CPU ${s(totalCpu)}`);
  for (const part of oneByOne.parts) {
    console.log(`${`    ${part.name}`.padEnd(48)}${s(part.seconds)}   CPU ${s(part.cpu ?? 0)}`);
  }
  console.log(
    `${'  ratio one-by-one / kit (above 1: kit faster)'.padEnd(48)}${(total / kit.run.seconds).toFixed(2).padStart(9)}` +
      `   CPU ratio ${(totalCpu / kitCpu).toFixed(2)}`,
  );
}

/** Says whether the baseline made the same files: sizes, and lengths within a frame or two. */
async function compareFiles(
  ffmpeg: Ffmpeg,
  manifest: KitManifest,
  kitDir: string,
  files: OneByOne['files'],
): Promise<void> {
  const differences: string[] = [];
  for (const part of manifest.files) {
    const theirs = files[part.output];
    if (!theirs) continue;
    const [a, b] = await Promise.all([
      ffmpeg.probe(path.join(kitDir, part.file)),
      ffmpeg.probe(theirs),
    ]);
    const video = (p: typeof a) => p.streams.find((stream) => stream.codec_type === 'video');
    const shape = (p: typeof a) => `${video(p)?.width}x${video(p)?.height}`;
    const seconds = (p: typeof a) => Number(p.format.duration ?? 0);
    if (shape(a) !== shape(b)) differences.push(`${part.output}: ${shape(a)} vs ${shape(b)}`);
    if (part.output !== 'thumbnail' && Math.abs(seconds(a) - seconds(b)) > 0.07) {
      differences.push(`${part.output}: ${seconds(a).toFixed(2)} s vs ${seconds(b).toFixed(2)} s`);
    }
  }
  console.log(
    differences.length === 0
      ? '  same sizes and lengths (within 2 frames) on both sides'
      : `  files differ: ${differences.join('; ')}`,
  );
}
