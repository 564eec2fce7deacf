// A release kit as its page reads it: each planned part with the state of the render behind it
// (the thumbnail's is the full video's), the time left for each and for the whole kit.

import type {
  KitPartStatus,
  KitPartView,
  KitStatus,
  ReleaseKit,
} from '../../../core/render/kit-api-types';
import type { KitPart } from '../../../core/render/release-kit';
import type { KitRow } from '../../repositories/release-kits.repository';
import { RENDER_PAGE, secondsRemaining, type ProgressRow } from './render-view';

export const KIT_API = '/api/release-kits';

/** The render behind a part: its own, or the full video's for the thumbnail. */
export function renderOfPart(
  part: KitPart,
  renders: readonly ProgressRow[],
): ProgressRow | undefined {
  const output = part.output === 'thumbnail' ? 'full' : part.output;
  return renders.find((render) => render.kitOutput === output);
}

/** Whether a part's file is there to send: the thumbnail is, as soon as the full video made it. */
export function partFileKey(part: KitPart, render: ProgressRow | undefined): string | null {
  if (!render) return null;
  if (part.output === 'thumbnail') return render.thumbnailKey;
  return render.status === 'COMPLETE' ? render.videoKey : null;
}

function partStatus(part: KitPart, render: ProgressRow | undefined): KitPartStatus {
  if (!render) return 'DELETED';
  if (partFileKey(part, render)) return 'COMPLETE';
  if (render.status === 'FAILED' || render.status === 'COMPLETE') return 'FAILED';
  if (render.status === 'QUEUED' && render.admittedAt === null) return 'WAITING';
  return 'RENDERING';
}

/**
 * Seconds left of each part: a rendering one's own estimate; a waiting one's from the rate of
 * the kit's rendering parts (seconds per frame), started when the soonest of them ends.
 */
function partEtas(parts: readonly KitPart[], renders: readonly ProgressRow[], now: number) {
  const running = renders.filter((render) => render.status === 'RENDERING');
  const rates = running.flatMap((render) => {
    const eta = secondsRemaining(render, now);
    const left = render.framesTotal - render.framesDone;
    return eta !== null && left > 0 && render.framesDone > 0 ? [eta / left] : [];
  });
  const rate = rates.length > 0 ? rates.reduce((a, b) => a + b, 0) / rates.length : null;
  const soonest = Math.min(
    ...running.map((render) => secondsRemaining(render, now) ?? Infinity),
    Infinity,
  );
  return parts.map((part) => {
    const render = renderOfPart(part, renders);
    const status = partStatus(part, render);
    if (!render || status === 'COMPLETE' || status === 'FAILED') return null;
    if (status === 'RENDERING') return secondsRemaining(render, now);
    if (rate === null) return null;
    return Math.round((Number.isFinite(soonest) ? soonest : 0) + render.framesTotal * rate);
  });
}

export function kitView(
  kit: KitRow,
  renders: readonly ProgressRow[],
  now = Date.now(),
): ReleaseKit {
  const etas = partEtas(kit.parts, renders, now);
  const parts: KitPartView[] = kit.parts.map((part, i) => {
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
      percent_complete: done ? 100 : Math.round((render?.percentComplete ?? 0) * 10) / 10,
      eta_seconds: etas[i] ?? null,
      error: status === 'FAILED' ? (render?.error ?? 'This part could not be made.') : null,
      page_path:
        render && part.output !== 'thumbnail'
          ? `${RENDER_PAGE[render.settings.kind]}/${render.id}`
          : null,
      file_url: done ? file : null,
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
  // Weighted by frames: the full video is most of the work.
  const weights = live.map((part) => Math.max(1, part.seconds));
  const total = weights.reduce((a, b) => a + b, 0);
  const percent =
    total === 0
      ? 100
      : live.reduce((sum, part, i) => sum + (part.percent_complete * weights[i]!) / total, 0);
  const pending = parts.filter((part) => part.status === 'WAITING' || part.status === 'RENDERING');
  const eta =
    pending.length > 0 && pending.every((part) => part.eta_seconds !== null)
      ? Math.max(...pending.map((part) => part.eta_seconds!))
      : null;
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
    percent_complete: Math.round(percent * 10) / 10,
    eta_seconds: eta,
    parts,
    zip_url: parts.some((part) => part.status === 'COMPLETE') ? `${KIT_API}/${kit.id}/zip` : null,
    created_at: kit.createdAt.toISOString(),
  };
}
