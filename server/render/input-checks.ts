// Input checks of a render, before any frame: settings, duration, analysis, the audio stream
// (probed) and the images (decoded).

import { access } from 'node:fs/promises';
import {
  checkSettings,
  findTemplate,
  prepareSceneAsync,
  type PreparedScene,
} from '../../core/render/renderer';
import { ASPECTS, IMAGE_SLOTS, type SceneImages } from '../../core/render/scene';
import type { Ffmpeg, ProbeStream } from '../repositories/ffmpeg/ffmpeg';
import { checkSection, checkSectionKind } from './audio-section';
import { loadNodeImage, nodeRenderHost, unreadableImageMessage } from './canvas-host';
import { registerRenderFonts } from './fonts';
import {
  RenderInputError,
  throwIfAborted,
  type CheckedInput,
  type RenderJobInput,
} from './render-types';

/** Checks what does not need ffmpeg: settings, duration, analysis (images: see decodeImages). */
export async function checkInput(input: RenderJobInput, anySize = false): Promise<CheckedInput> {
  const template = findTemplate(input.settings.kind, input.settings.template);
  const offered = template && anySize ? ASPECTS[template.aspects[0]!] : null;
  const checked = checkSettings(offered ? { ...input.settings, ...offered } : input.settings);
  if (!checked.ok) throw new RenderInputError(checked.reason);
  if (anySize && (input.settings.width % 2 !== 0 || input.settings.height % 2 !== 0)) {
    throw new RenderInputError('Width and height must be even.');
  }
  const { settings } = input;
  if (input.section) checkSectionKind(settings.kind);
  if (settings.kind === 'canvas') {
    // A loop's length is its own (planned from the track when it was drafted); no audio in it.
    if (!Number.isInteger(settings.seed)) {
      throw new RenderInputError('The seed must be a whole number.');
    }
    return {
      settings,
      analysis: null,
      durationSeconds: settings.loop!.frames / settings.fps,
      section: null,
    };
  }
  if (!Number.isFinite(input.durationSeconds) || input.durationSeconds <= 0) {
    throw new RenderInputError('The audio has no duration: it may be empty or damaged.');
  }
  if (settings.kind === 'visualizer' && !input.analysis) {
    throw new RenderInputError("The track's analysis is missing: process the audio first.");
  }
  if (!Number.isInteger(settings.seed)) {
    throw new RenderInputError('The seed must be a whole number.');
  }
  // The analysis measured the decoded length exactly; a container's duration can be an
  // estimate (an MP3's includes its encoder padding, ~50 ms, or worse without a Xing header).
  const measured = input.analysis?.summary.durationSeconds ?? 0;
  const trackSeconds = measured > 0 ? measured : input.durationSeconds;
  const section = input.section
    ? checkSection(input.section, trackSeconds, input.audioPath !== '')
    : null;
  return {
    settings,
    analysis: input.analysis,
    durationSeconds: section ? section.endSeconds - section.startSeconds : trackSeconds,
    section,
  };
}

/** The audio stream of the file, or a RenderInputError saying the file is not usable audio. */
export async function probeAudio(ffmpeg: Ffmpeg, file: string, signal?: AbortSignal) {
  try {
    await access(file);
  } catch {
    throw new RenderInputError('The audio file is missing.');
  }
  let stream: ProbeStream | undefined;
  try {
    const probe = await ffmpeg.probe(file, signal);
    stream = probe.streams.find((candidate) => candidate.codec_type === 'audio');
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof RenderInputError) throw error;
  }
  if (!stream) throw new RenderInputError('The audio file could not be read: it is not audio.');
  return stream;
}

/**
 * Decodes the input's images (a RenderInputError names one that cannot be read). A visualizer's
 * frame thread decodes its own, so a render holds each picture decoded only once.
 */
async function decodeImages(input: RenderJobInput): Promise<SceneImages> {
  const images: SceneImages = {};
  for (const slot of IMAGE_SLOTS) {
    const file = input.imagePaths[slot];
    if (!file) continue;
    try {
      images[slot] = await loadNodeImage(file);
    } catch {
      throw new RenderInputError(unreadableImageMessage(slot));
    }
  }
  return images;
}

/** The scene ready to draw in this thread: images decoded, fonts registered. */
export async function prepare(
  checked: CheckedInput,
  input: RenderJobInput,
): Promise<PreparedScene> {
  const images = await decodeImages(input);
  registerRenderFonts();
  return prepareSceneAsync(nodeRenderHost, {
    settings: checked.settings,
    images,
    analysis: checked.analysis,
  });
}
