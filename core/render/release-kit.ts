// A release kit: from one track and one look, every video a single's release needs. This module
// plans one: which files, their sizes and lengths, and the seconds of the track each covers. The
// CLI's `kit` command (and the server's kit after it) renders the plan with the one engine, so a
// kit's files are the engine's kinds at the sizes and sections below, nothing drawn apart.

import type { Analysis } from '../audio-analysis/analysis-format';
import type { HookSection } from '../audio-analysis/hook';
import { planLoop, type LoopSettings } from './canvas-loop';

/** The files of a kit, in the order they are listed. */
export const KIT_OUTPUTS = ['full', 'vertical', 'feed', 'canvas', 'thumbnail'] as const;
export type KitOutput = (typeof KIT_OUTPUTS)[number];

/** Each file's name for people. */
export const KIT_OUTPUT_LABELS: Readonly<Record<KitOutput, string>> = {
  full: 'Full video',
  vertical: 'Vertical hook',
  feed: 'Feed hook',
  canvas: 'Spotify Canvas',
  thumbnail: 'Thumbnail',
};

/** The web page of a kit. */
export const kitPagePath = (kitUuid: string) =>
  `/media/release-kits/${encodeURIComponent(kitUuid)}`;

/** The feed clip's two shapes (Instagram's square and portrait posts), 1080 wide. */
export const FEED_SHAPES = {
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
} as const;
export type FeedShape = keyof typeof FEED_SHAPES;

/** YouTube's thumbnail: 1280x720 JPEG, at most 2 MB. */
export const THUMBNAIL_SIZE = { width: 1280, height: 720 } as const;
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** The full-length video: YouTube's 16:9 at 1080p. */
export const FULL_SIZE = { width: 1920, height: 1080 } as const;
/** The vertical hook: 9:16 at 1080 wide. */
export const VERTICAL_SIZE = { width: 1080, height: 1920 } as const;

/** A stretch of the track, in seconds. */
export interface TrackRange {
  startSeconds: number;
  endSeconds: number;
}

/** One file of a kit. */
export interface KitPart {
  output: KitOutput;
  /** Its name in the kit's folder (and ZIP). */
  file: string;
  width: number;
  height: number;
  /** Its length in seconds (0 for the thumbnail, a picture). */
  seconds: number;
  /** The seconds of the track it covers (the thumbnail: the moment it shows). */
  audio: TrackRange;
  /** Whether the file carries the track's sound (a Canvas loop does not). */
  sound: boolean;
  /** Fade in and out, in seconds (whole beats), of a hook's sound; 0 for the others. */
  fadeSeconds: number;
  /** The Canvas loop's timing (only on the canvas part). */
  loop?: LoopSettings;
}

export interface KitRequest {
  /** The track's analysis: its length, tempo and beats. */
  analysis: Analysis;
  /** The hook: whole bars of the track (findHook, or moved by the user). */
  hook: HookSection;
  /** The hook's fades, whole beats (hookFade). */
  fadeSeconds: number;
  feed: FeedShape;
  /** Which files (all when not given). */
  outputs?: readonly KitOutput[];
  /** Names the files: a slug of the title or the track's file name. */
  name: string;
  /** The Canvas loop's frame rate. */
  canvasFps: number;
}

/**
 * The files of a kit. The full video covers the whole track; the vertical and feed hooks the
 * hook's seconds exactly; the Canvas starts where the hook starts, its length the whole beats
 * (bars when they fit) of 3-8 s nearest 6 s that planLoop picks, and ends within the hook.
 */
export function planKit(request: KitRequest): KitPart[] {
  const { analysis, hook, fadeSeconds, feed } = request;
  const range = ({ startSeconds, endSeconds }: TrackRange): TrackRange => ({
    startSeconds,
    endSeconds,
  });
  const wanted = new Set(request.outputs ?? KIT_OUTPUTS);
  const duration = analysis.summary.durationSeconds;
  const slug = kitSlug(request.name);
  const hookSeconds = hook.endSeconds - hook.startSeconds;
  const feedSize = FEED_SHAPES[feed];
  const loop = planLoop({ analysis, sectionStart: hook.startSeconds, fps: request.canvasFps });
  const loopSeconds = Math.min(loop.frames / request.canvasFps, hookSeconds);
  const parts: KitPart[] = [
    {
      output: 'full',
      file: `${slug}-full-16x9.mp4`,
      ...FULL_SIZE,
      seconds: duration,
      audio: { startSeconds: 0, endSeconds: duration },
      sound: true,
      fadeSeconds: 0,
    },
    {
      output: 'vertical',
      file: `${slug}-hook-9x16.mp4`,
      ...VERTICAL_SIZE,
      seconds: hookSeconds,
      audio: range(hook),
      sound: true,
      fadeSeconds,
    },
    {
      output: 'feed',
      file: `${slug}-hook-${feed.replace(':', 'x')}.mp4`,
      ...feedSize,
      seconds: hookSeconds,
      audio: range(hook),
      sound: true,
      fadeSeconds,
    },
    {
      output: 'canvas',
      file: `${slug}-canvas.mp4`,
      ...VERTICAL_SIZE,
      seconds: loopSeconds,
      audio: { startSeconds: hook.startSeconds, endSeconds: hook.startSeconds + loopSeconds },
      sound: false,
      fadeSeconds: 0,
      loop,
    },
    {
      output: 'thumbnail',
      file: `${slug}-thumbnail.jpg`,
      ...THUMBNAIL_SIZE,
      seconds: 0,
      audio: { startSeconds: hook.startSeconds, endSeconds: hook.startSeconds },
      sound: false,
      fadeSeconds: 0,
    },
  ];
  return parts.filter((part) => wanted.has(part.output));
}

/** A file-name-safe slug: lower case letters, digits and dashes ("kit" when nothing is left). */
export function kitSlug(name: string): string {
  const slug = name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'kit';
}

/** What `kit.json` holds: each file with what it is, and the track's tempo and hook. */
export interface KitManifest {
  track: { file: string; seconds: number; bpm: number | null };
  hook: TrackRange & { bars: number };
  files: {
    file: string;
    output: KitOutput;
    kind: 'video' | 'image';
    width: number;
    height: number;
    seconds: number;
    sound: boolean;
    audio: TrackRange;
  }[];
}

export function kitManifest(
  parts: readonly KitPart[],
  track: { file: string; seconds: number; bpm: number | null },
  hook: TrackRange & { bars: number },
): KitManifest {
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  const range = (r: TrackRange) => ({
    startSeconds: round(r.startSeconds),
    endSeconds: round(r.endSeconds),
  });
  return {
    track: { file: track.file, seconds: round(track.seconds), bpm: track.bpm },
    hook: { ...range(hook), bars: hook.bars },
    files: parts.map((part) => ({
      file: part.file,
      output: part.output,
      kind: part.output === 'thumbnail' ? 'image' : 'video',
      width: part.width,
      height: part.height,
      seconds: round(part.seconds),
      sound: part.sound,
      audio: range(part.audio),
    })),
  };
}
