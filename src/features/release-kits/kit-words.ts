// How the kit screens name a kit's outputs, its price and the time left.
import {
  FEED_SHAPES,
  FULL_SIZE,
  KIT_OUTPUT_LABELS,
  kitPagePath,
  THUMBNAIL_SIZE,
  VERTICAL_SIZE,
  type FeedShape,
  type KitOutput,
} from '../../../core/render/release-kit';
import { ordinal } from '../../../core/text/ordinal';
import type { KitPartStatus, KitPartView, KitStatus, ReleaseKit } from '../../api/release-kits';

export const OUTPUT_TEXT: Record<KitOutput, { label: string; note: string }> = {
  full: {
    label: KIT_OUTPUT_LABELS.full,
    note: `16:9, ${FULL_SIZE.width}×${FULL_SIZE.height}, the whole track, for YouTube`,
  },
  vertical: {
    label: KIT_OUTPUT_LABELS.vertical,
    note: `9:16, ${VERTICAL_SIZE.width}×${VERTICAL_SIZE.height}, for Shorts, Reels and TikTok`,
  },
  feed: { label: KIT_OUTPUT_LABELS.feed, note: 'Square or 4:5, 1080 wide, for the Instagram feed' },
  canvas: { label: KIT_OUTPUT_LABELS.canvas, note: '9:16 loop of the hook, on the beat, no sound' },
  thumbnail: {
    label: KIT_OUTPUT_LABELS.thumbnail,
    note: `${THUMBNAIL_SIZE.width}×${THUMBNAIL_SIZE.height} JPEG with the title, for YouTube`,
  },
};

export const FEED_SHAPE_TEXT: Record<FeedShape, { label: string; size: string }> = {
  '4:5': {
    label: '4:5 portrait',
    size: `${FEED_SHAPES['4:5'].width}×${FEED_SHAPES['4:5'].height}`,
  },
  '1:1': { label: '1:1 square', size: `${FEED_SHAPES['1:1'].width}×${FEED_SHAPES['1:1'].height}` },
};

export { balanceText, creditsText, shortfallText } from '../../../core/render/kit-price';

/** Seconds left as "About 40 s left", "About 3 min left", "About 1 h 5 min left"; '' when unknown. */
export function timeLeftText(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `About ${Math.max(1, whole)} s left`;
  if (whole < 3600) return `About ${Math.round(whole / 60)} min left`;
  return `About ${Math.floor(whole / 3600)} h ${Math.round((whole % 3600) / 60)} min left`;
}

/** Each output as a sentence names it ("the full video renders first"). */
const OUTPUT_NOUN: Record<KitOutput, string> = {
  full: 'the full video',
  vertical: 'the vertical hook',
  feed: 'the feed hook',
  canvas: 'the Canvas',
  thumbnail: 'the thumbnail',
};

/**
 * Why a part waits, with its place: "Waiting: the full video renders first (2nd in your
 * queue)"; when none of the kit renders, it waits for a slot as any render does.
 */
export function waitingText(waiting: KitPartView['waiting']): string {
  const place = waiting?.place ? ` (${ordinal(waiting.place)} in your queue)` : '';
  const behind = waiting?.behind ?? [];
  if (behind.length === 0) return `Waiting for a free render slot${place}`;
  const names = behind.map((output) => OUTPUT_NOUN[output]);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Waiting: ${list} ${names.length === 1 ? 'renders' : 'render'} first${place}`;
}

/**
 * The whole kit's line beside its percent: the time left once its pace is known; before any
 * part starts, why it waits; never "Getting started…" beside a kit well under way.
 */
export function kitTimeText(kit: Pick<ReleaseKit, 'status' | 'eta_seconds' | 'parts'>): string {
  if (kit.status === 'COMPLETE') return 'All files are ready';
  const left = timeLeftText(kit.eta_seconds);
  if (left) return left;
  const started = kit.parts.some(
    (part) => part.status === 'RENDERING' || part.status === 'COMPLETE',
  );
  if (!started) return waitingText(kit.parts.find((part) => part.waiting)?.waiting ?? null);
  return 'Working out the time left…';
}

/** A rendering part's line beside its percent. */
export function partTimeText(part: Pick<KitPartView, 'eta_seconds' | 'percent_complete'>): string {
  const left = timeLeftText(part.eta_seconds);
  if (left) return left;
  // Its inputs and ffmpeg before the first frame: a few seconds.
  return part.percent_complete > 0 ? 'Working out the time left…' : 'Getting started…';
}

/** A part's state as its badge says it. */
export const PART_STATUS_TEXT: Record<KitPartStatus, { label: string; color: string }> = {
  WAITING: { label: 'Waiting', color: 'gray' },
  RENDERING: { label: 'Rendering', color: 'blue' },
  COMPLETE: { label: 'Ready', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  DELETED: { label: 'Deleted', color: 'gray' },
};

export const KIT_STATUS_TEXT: Record<KitStatus, { label: string; color: string }> = {
  'IN-PROGRESS': { label: 'In progress', color: 'blue' },
  COMPLETE: { label: 'Ready', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
};

/** /media/release-kits/{kitId} */
export const kitPath = kitPagePath;
export const KITS_PATH = '/media/release-kits';
export const KIT_CREATOR_PATH = '/release-kit-creator';
