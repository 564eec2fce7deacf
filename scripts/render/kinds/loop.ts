// `loop`: a clip repeated to a length or to a track's (with its audio), by stream copy.

import path from 'node:path';
import { extendLoop } from '../../../server/render/loop-extend';
import { localFfmpeg, runJob } from '../job';
import { defineKind } from '../kind';
import { file, mp4File, required, seconds } from '../options';

export const loopKind = defineKind({
  name: 'loop',
  about:
    "A loop extension: the clip repeated to the length, or to the track's (its audio added, " +
    'AAC copied), by stream copy; a clip that cannot be copied is encoded once first.',
  options: {
    video: required(file('video', '<clip>')),
    length: seconds({ above: 0 }),
    audio: file('audio file'),
    out: required(mp4File()),
  },
  oneOf: ['length', 'audio'],
  async run(options, progress) {
    const input = {
      clipPath: path.resolve(options.video),
      targetSeconds: options.length,
      audioPath: options.audio === undefined ? undefined : path.resolve(options.audio),
    };
    const ffmpeg = await localFfmpeg();
    const { result, seconds } = await runJob(ffmpeg, progress, (job) =>
      extendLoop(input, path.resolve(options.out), job),
    );
    const how = result.copied
      ? 'its packets repeated by copy'
      : `encoded once first (${result.clip.reencodeReason}), then repeated by copy`;
    progress.say(
      `Wrote ${options.out}: ${result.frames} frames, ${result.durationSeconds.toFixed(3)} s, ` +
        `the ${result.clip.durationSeconds.toFixed(2)} s clip ${how}, in ${seconds.toFixed(1)} s`,
    );
  },
});
