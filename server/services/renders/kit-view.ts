// A release kit as its page reads it: each planned part with the state of the render behind it
// (the thumbnail's is the full video's), what a waiting part waits for, and the kit's percent and
// time left from its whole plan (core/render/kit-time-left.ts).

import type {
  KitPartStatus,
  KitPartView,
  KitStatus,
  ReleaseKit,
} from '../../../core/render/kit-api-types';
import { kitTimeLeft, type KitPartProgress } from '../../../core/render/kit-time-left';
import type { KitOutput, KitPart } from '../../../core/render/release-kit';
import type { KitRow } from '../../repositories/release-kits.repository';
import { RENDER_PAGE, secondsRemaining, thumbnailUrl, type ProgressRow } from './render-view';

export const KIT_API = '/api/release-kits';

/** A part's render; queuePlace: its place among its user's renders not started (1: next). */
export type KitRenderRow = ProgressRow & { queuePlace?: number | null };

/** The render behind a part: its own, or the full video's for the thumbnail. */
export function renderOfPart<R extends ProgressRow>(
  part: KitPart,
  renders: readonly R[],
): R | undefined {
  const output = part.output === 'thumbnail' ? 'full' : part.output;
  return renders.find((render) => render.kitOutput === output);
}

/** Whether a part's file is there to send: the thumbnail is, as soon as the full video made it. */
export function partFileKey(part: KitPart, render: ProgressRow | undefined): string | null {
  if (!render) return null;
  if (part.output === 'thumbnail') return render.thumbnailKey;
  return render.status === 'COMPLETE' ? render.videoKey : null;
}

/**
 * QUEUED is WAITING, whether for one of the user's render slots or, holding one, for a worker to
 * take its job: either way nothing of it is drawn yet.
 */
function partStatus(part: KitPart, render: ProgressRow | undefined): KitPartStatus {
  if (!render) return 'DELETED';
  if (partFileKey(part, render)) return 'COMPLETE';
  if (render.status === 'FAILED' || render.status === 'COMPLETE') return 'FAILED';
  if (render.status === 'QUEUED') return 'WAITING';
  return 'RENDERING';
}

const PROGRESS_STATE: Record<KitPartStatus, KitPartProgress['state'] | null> = {
  WAITING: 'waiting',
  RENDERING: 'rendering',
  COMPLETE: 'done',
  FAILED: 'failed',
  DELETED: null,
};

/** The kit's own renders (not the thumbnail, which the full video makes) as the estimate reads them. */
function partsProgress(kit: KitRow, renders: readonly ProgressRow[]): KitPartProgress[] {
  return kit.parts.flatMap((part) => {
    const render = part.output === 'thumbnail' ? undefined : renderOfPart(part, renders);
    if (!render) return [];
    const state = PROGRESS_STATE[partStatus(part, render)];
    if (!state) return [];
    const { kind, fps } = render.settings;
    return [
      {
        output: { kind, width: part.width, height: part.height, fps },
        seconds: part.seconds,
        state,
        fraction: render.framesTotal > 0 ? render.framesDone / render.framesTotal : 0,
        startedAt: render.startedAt?.getTime() ?? null,
      },
    ];
  });
}

export function kitView(
  kit: KitRow,
  renders: readonly KitRenderRow[],
  now = Date.now(),
): ReleaseKit {
  // The kit's parts rendering now go before its waiting ones.
  const rendering = kit.parts
    .filter((part) => part.output !== 'thumbnail')
    .filter((part) => partStatus(part, renderOfPart(part, renders)) === 'RENDERING')
    .map((part): KitOutput => part.output);
  const parts: KitPartView[] = kit.parts.map((part) => {
    const render = renderOfPart(part, renders);
    const status = partStatus(part, render);
    const file = `${KIT_API}/${kit.id}/files/${part.output}`;
    const done = status === 'COMPLETE';
    return {
      output: part.output,
      file_name: part.file,
      width: part.width,
      height: part.height,
      seconds: Math.round(part.seconds * 1000) / 1000,
      audio_start_seconds: Math.round(part.audio.startSeconds * 1000) / 1000,
      audio_end_seconds: Math.round(part.audio.endSeconds * 1000) / 1000,
      render_uuid: render?.id ?? null,
      status,
      waiting:
        status === 'WAITING'
          ? { place: render?.queuePlace ?? render?.waitingPlace ?? null, behind: rendering }
          : null,
      percent_complete: done ? 100 : Math.round((render?.percentComplete ?? 0) * 10) / 10,
      eta_seconds: status === 'RENDERING' && render ? secondsRemaining(render, now) : null,
      error: status === 'FAILED' ? (render?.error ?? 'This part could not be made.') : null,
      page_path:
        render && part.output !== 'thumbnail'
          ? `${RENDER_PAGE[render.settings.kind]}/${render.id}`
          : null,
      file_url: done ? file : null,
      poster_url: done && render && part.output !== 'thumbnail' ? thumbnailUrl(render) : null,
      download_url: done ? `${file}?download=1` : null,
    };
  });
  const live = parts.filter((part) => part.status !== 'DELETED');
  const status: KitStatus = live.some(
    (part) => part.status === 'WAITING' || part.status === 'RENDERING',
  )
    ? 'IN-PROGRESS'
    : live.some((part) => part.status === 'FAILED')
      ? 'FAILED'
      : 'COMPLETE';
  const { percent, seconds } = kitTimeLeft(partsProgress(kit, renders), now);
  return {
    kit_uuid: kit.id,
    title: kit.title,
    artist: kit.artist,
    audio_uuid: kit.audioUuid,
    audio_file_name: kit.audioFileName,
    template: kit.template,
    feed: kit.feed as ReleaseKit['feed'],
    bpm: kit.bpm,
    hook: {
      start_seconds: Math.round(kit.hookStartSeconds * 1000) / 1000,
      end_seconds: Math.round(kit.hookEndSeconds * 1000) / 1000,
      bars: kit.hookBars,
      fade_seconds: Math.round(kit.fadeSeconds * 1000) / 1000,
    },
    status,
    percent_complete: status === 'COMPLETE' ? 100 : Math.round(percent * 10) / 10,
    eta_seconds: status === 'IN-PROGRESS' ? seconds : null,
    parts,
    zip_url: parts.some((part) => part.status === 'COMPLETE') ? `${KIT_API}/${kit.id}/zip` : null,
    created_at: kit.createdAt.toISOString(),
  };
}
