// Child process of the render memory benchmark: renders one track at a size (default a reduced
// 320x180) and prints
// its peak RSS, so the 3- and 60-minute renders are measured in fresh processes alike.
import { createReadStream } from 'node:fs';
import os from 'node:os';
import { decodeAnalysis } from '../core/audio-analysis/analysis-format';
import { defaultSettings, findTemplate } from '../core/render/renderer';
import { resolveBinaries } from '../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../server/repositories/ffmpeg/ffmpeg';
import { renderVideoAnySize } from '../server/render/engine';
import { readSharedBytes } from '../server/render/shared-bytes';

const [analysisFile, track, out, size = '320x180'] = process.argv.slice(2) as [
  string,
  string,
  string,
  string?,
];
const [width, height] = size.split('x').map(Number) as [number, number];
// Read into shared memory as the render job does: one copy, which the frame thread reads too.
const analysis = decodeAnalysis(await readSharedBytes(createReadStream(analysisFile)));
const ffmpeg = new Ffmpeg(await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined }));
const settings = {
  ...defaultSettings(findTemplate('visualizer', 'mirrored-bars')!),
  width,
  height,
};
await renderVideoAnySize(
  {
    settings,
    audioPath: track,
    durationSeconds: analysis.summary.durationSeconds,
    analysis,
    imagePaths: {},
  },
  out,
  { ffmpeg, tmpDir: os.tmpdir() },
);
console.log(`maxRss=${process.resourceUsage().maxRSS}`);
