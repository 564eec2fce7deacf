// The release kit's calls (/api/release-kits), shared by the server and the web app. The spec has
// no kit, so these are ours, documented in docs/api.md: the hook of a track, the price of a kit,
// starting one, following it, downloading it as one ZIP and publishing it.

import type { UploadEntry } from '../publishing/api-types';
import type { LyricsChoice } from '../publishing/upload-config';
import type { RenderConfiguration } from './api-types';
import type { FeedShape, KitOutput } from './release-kit';

/** A stretch of the track on its bar lines. */
export interface KitHook {
  start_seconds: number;
  end_seconds: number;
  bars: number;
}

/**
 * GET /api/release-kits/hook?audio_uuid=…[&start_seconds=…][&seconds=…]: the hook the music
 * proposes (no start given) or the whole bars from the bar line nearest start_seconds, with the
 * track's bar lines so the screen can draw the grid and move the hook by whole bars.
 */
export interface KitHookResponse {
  audio_uuid: string;
  duration_seconds: number;
  bpm: number | null;
  /** Seconds of every bar line of the track, ascending. */
  bar_lines: number[];
  /** The hook found in the music (the same whatever start_seconds asks). */
  proposed: KitHook;
  /** The hook asked for: proposed when no start_seconds was given. */
  hook: KitHook;
  /** The hooks' fade in and out, whole beats, seconds. */
  fade_seconds: number;
  /** Waveform peaks of the whole track, 0-1, for drawing it (about 600 of them). */
  peaks: number[];
}

/** What a kit costs, per credit type, and whether the user has it. */
export interface KitPrice {
  outputs: KitOutput[];
  /** Each output's charge (the thumbnail is free). */
  parts: { output: KitOutput; credit_type: 'viz' | 'canvas'; credits: number }[];
  /** Visualizer credits the catalogue takes off a whole kit (0 today). */
  discount_viz: number;
  total: { viz: number; canvas: number };
  /** The user's balance; null for a credit type the plan has without limit. */
  balance: { viz: number | null; canvas: number | null };
  enough: boolean;
}

/** GET /api/release-kits/price?outputs=full,vertical,… */
export type KitPriceResponse = KitPrice;

/** POST /api/release-kits */
export interface CreateKitRequest {
  audio_uuid: string;
  /** The visualizer's look (template, colours, pictures, title, artist); its size is the kit's. */
  configuration: RenderConfiguration;
  /** Which outputs; all five when not given. */
  outputs?: KitOutput[];
  /** Where the hook starts (moved to the nearest bar line); found in the music when not given. */
  hook_start_seconds?: number;
  /** The hook's length, 15-60 s (whole bars nearest it); 30 when not given. */
  hook_seconds?: number;
  /** The feed clip's shape; 4:5 when not given. */
  feed?: FeedShape;
}

/**
 * A kit part's state: WAITING (for a render slot, or with its slot for a worker to take it),
 * RENDERING, COMPLETE, FAILED or DELETED.
 */
export type KitPartStatus = 'WAITING' | 'RENDERING' | 'COMPLETE' | 'FAILED' | 'DELETED';

/** Why a WAITING part has not started. */
export interface KitPartWaiting {
  /** Its place among the user's renders not started yet (1: next); null when not known. */
  place: number | null;
  /** The kit's parts rendering now, which go first (none: other videos do). */
  behind: KitOutput[];
}

export interface KitPartView {
  output: KitOutput;
  /** Its name in the ZIP. */
  file_name: string;
  width: number;
  height: number;
  /** Length in seconds (0 for the thumbnail). */
  seconds: number;
  /** The seconds of the track it covers. */
  audio_start_seconds: number;
  audio_end_seconds: number;
  /** The render behind it (the thumbnail's is the full video's); null once it is deleted. */
  render_uuid: string | null;
  status: KitPartStatus;
  /** While WAITING: its place and what goes first; null otherwise. */
  waiting: KitPartWaiting | null;
  percent_complete: number;
  /** Seconds left of a RENDERING part; null when unknown, waiting or finished. */
  eta_seconds: number | null;
  error: string | null;
  /** Its page in the library (null for the thumbnail and once deleted). */
  page_path: string | null;
  /** The file, inline and as a download; null until COMPLETE. */
  file_url: string | null;
  /**
   * A video's picture before it plays (its render's thumbnail): a hook fades in from black, so
   * its first frame shows nothing. Null for the thumbnail and until COMPLETE.
   */
  poster_url: string | null;
  download_url: string | null;
}

export type KitStatus = 'IN-PROGRESS' | 'COMPLETE' | 'FAILED';

export interface ReleaseKit {
  kit_uuid: string;
  title: string;
  artist: string;
  audio_uuid: string | null;
  audio_file_name: string;
  template: string;
  feed: FeedShape;
  bpm: number | null;
  hook: KitHook & { fade_seconds: number };
  /** IN-PROGRESS while a part renders; COMPLETE when every part is; FAILED when one failed. */
  status: KitStatus;
  /** The planned work done, weighed by each part's (core/render/kit-time-left.ts). */
  percent_complete: number;
  /**
   * Seconds until the last part is done, at the kit's own pace so far; null before a part has
   * rendered long enough to know it, and once finished.
   */
  eta_seconds: number | null;
  parts: KitPartView[];
  /** The finished parts as one ZIP; null until one part is finished. */
  zip_url: string | null;
  created_at: string;
}

/** POST /api/release-kits (201), GET /api/release-kits/:kitId */
export interface KitResponse {
  kit: ReleaseKit;
}

/** GET /api/release-kits: the user's kits, newest first. */
export interface KitsResponse {
  kits: ReleaseKit[];
}

/**
 * POST /api/release-kits/:kitId/publish: the full video to YouTube with the kit's thumbnail and
 * the vertical hook as a Short ("#Shorts" added to its title), to one linked channel.
 */
export interface PublishKitRequest {
  channel_id: string;
  privacy: 'public' | 'unlisted' | 'private';
  /** The full video's title; the Short's is "<title> #Shorts". */
  title: string;
  description?: string;
  /** Which to publish; both when not given. */
  outputs?: ('full' | 'vertical')[];
  /** The lyrics the videos show, as a caption track and in the description (issue 27). */
  lyrics?: Partial<LyricsChoice>;
}

export interface PublishKitResponse {
  uploads: UploadEntry[];
}
