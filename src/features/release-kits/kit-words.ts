// How the kit screens name a kit's outputs, its price and the time left.
import {
  FEED_SHAPES,
  FULL_SIZE,
  THUMBNAIL_SIZE,
  VERTICAL_SIZE,
  type FeedShape,
  type KitOutput,
} from '../../../core/render/release-kit';
import type { KitPartStatus, KitStatus } from '../../api/release-kits';

export const OUTPUT_TEXT: Record<KitOutput, { label: string; note: string }> = {
  full: {
    label: 'Full video',
    note: `16:9, ${FULL_SIZE.width}×${FULL_SIZE.height}, the whole track, for YouTube`,
  },
  vertical: {
    label: 'Vertical hook',
    note: `9:16, ${VERTICAL_SIZE.width}×${VERTICAL_SIZE.height}, for Shorts, Reels and TikTok`,
  },
  feed: { label: 'Feed hook', note: 'Square or 4:5, 1080 wide, for the Instagram feed' },
  canvas: { label: 'Spotify Canvas', note: '9:16 loop of the hook, on the beat, no sound' },
  thumbnail: {
    label: 'Thumbnail',
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
export const kitPath = (kitUuid: string) => `/media/release-kits/${encodeURIComponent(kitUuid)}`;
export const KITS_PATH = '/media/release-kits';
export const KIT_CREATOR_PATH = '/release-kit-creator';
