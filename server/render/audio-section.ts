// A section render's range, checked against the track (see AudioSection in render-types.ts).

import type { RenderKind } from '../../core/render/scene';
import { RenderInputError, type AudioSection } from './render-types';

/** Kinds whose frames follow the track's clock, so a range of it can be drawn on its own. */
const SECTION_KINDS: readonly RenderKind[] = ['visualizer', 'particles'];

/** A RenderInputError unless a video of this kind can be a section of its track. */
export function checkSectionKind(kind: RenderKind): void {
  if (!SECTION_KINDS.includes(kind)) {
    throw new RenderInputError(`A ${kind} video cannot be a section of the track.`);
  }
}

/**
 * The section when it fits the track of `trackSeconds`; a RenderInputError saying what is wrong
 * otherwise. An end up to a millisecond past the track is taken as its end (a section planned
 * on a container's rounded duration).
 */
export function checkSection(
  section: AudioSection,
  trackSeconds: number,
  hasAudio: boolean,
): AudioSection {
  if (!hasAudio) throw new RenderInputError('A section of the track needs the track.');
  const { startSeconds, fadeSeconds } = section;
  if (![startSeconds, section.endSeconds, fadeSeconds].every(Number.isFinite)) {
    throw new RenderInputError('The section needs a start, an end and a fade in seconds.');
  }
  if (section.endSeconds > trackSeconds + 1e-3) {
    throw new RenderInputError(
      `The section ends at ${section.endSeconds.toFixed(2)} s, after the track (${trackSeconds.toFixed(2)} s).`,
    );
  }
  const endSeconds = Math.min(section.endSeconds, trackSeconds);
  if (startSeconds < 0 || endSeconds <= startSeconds) {
    throw new RenderInputError('The section must start at 0 s or later and end after it starts.');
  }
  if (fadeSeconds < 0 || fadeSeconds * 2 > endSeconds - startSeconds) {
    throw new RenderInputError('The fades must fit in the section (each at most half of it).');
  }
  return { startSeconds, endSeconds, fadeSeconds };
}
