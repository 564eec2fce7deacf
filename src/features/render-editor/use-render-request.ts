// The Render button's work: for a library track, create the render at once; for a file of this
// device, send it through the upload queue first (the same resumable uploads as the library),
// wait until the server has processed it (COMPLETE), then create the render. Then on to the
// render's progress page.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RenderConfiguration } from '../../../core/render/api-types';
import type { RenderKind } from '../../../core/render/scene';
import { isApiError } from '../../api/api-error';
import { createStaticVideo, createVisualizer, NO_CREDITS_MESSAGE } from '../../api/renders';
import type { UploadRow } from '../../db/media-tables';
import { readAudioDuration, uploadRowsFor, useUploadQueue } from '../uploads';
import { useSessionStore } from '../session';
import { libraryServices } from '../library';
import type { AudioChoice } from './chosen-audio';

export type RenderRequest =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; note: string | null }
  | { phase: 'processing' }
  | { phase: 'creating' }
  | { phase: 'failed'; message: string; noCredits: boolean };

export const RENDER_MESSAGES = {
  noCredits: NO_CREDITS_MESSAGE,
  failed: 'The render could not be started. Try again in a moment.',
  offline: 'You are offline: rendering needs a connection.',
  pickAudio: 'Pick a track from your library or a file from this device first.',
} as const;

export function progressPathOf(kind: RenderKind, uploadUuid: string): string {
  if (kind === 'canvas') return `/canvas-render-progress/${uploadUuid}`;
  if (kind === 'particles') return `/media/particle-system-render-progress/${uploadUuid}`;
  return kind === 'visualizer'
    ? `/audio-reactive-music-visualizers/progress/${uploadUuid}`
    : `/single-frame-music-videos/progress/${uploadUuid}`;
}

export function failureMessage(
  error: unknown,
  noCreditsMessage: string = RENDER_MESSAGES.noCredits,
): { message: string; noCredits: boolean } {
  if (isApiError(error)) {
    if (error.status === 402 || error.exc === 'NoCreditsRemaining') {
      return { message: noCreditsMessage, noCredits: true };
    }
    if (!error.hasResponse) return { message: RENDER_MESSAGES.offline, noCredits: false };
    if (error.status < 500 && error.message) return { message: error.message, noCredits: false };
  }
  return { message: RENDER_MESSAGES.failed, noCredits: false };
}

/** How a kind other than the two built in is created (a Canvas: a draft, then finalize). */
export interface RenderRequestOptions {
  /** Creates the render for the track (null: none chosen) and answers its id. */
  create?: (audioUuid: string | null, configuration: RenderConfiguration) => Promise<string>;
  /** The kind renders without a track (a Canvas: the user picks the length). */
  trackOptional?: boolean;
  /** Where to go once created (a release kit: its own page), else the kind's progress page. */
  nextPath?: (createdId: string) => string;
  noCreditsMessage?: string;
}

export function useRenderRequest(kind: RenderKind, options: RenderRequestOptions = {}) {
  const navigate = useNavigate();
  const session = useSessionStore();
  const [request, setRequest] = useState<RenderRequest>({ phase: 'idle' });
  const pending = useRef<{ rowId: string; configuration: RenderConfiguration } | null>(null);
  const queue = useUploadQueue().value;
  // Read when a render starts, so a new closure every render does not restart anything.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const create = useCallback(
    async (audioUuid: string | null, configuration: RenderConfiguration) => {
      setRequest({ phase: 'creating' });
      const { create: createOwn, noCreditsMessage, nextPath } = latest.current;
      try {
        const body = { audio_uuid: audioUuid ?? '', configuration };
        const uploadUuid = createOwn
          ? await createOwn(audioUuid, configuration)
          : kind === 'visualizer'
            ? (await createVisualizer(body)).upload_uuid
            : (await createStaticVideo(body)).upload_uuid;
        void session.refreshPlan().catch(() => undefined);
        setRequest({ phase: 'idle' });
        await navigate({ to: nextPath ? nextPath(uploadUuid) : progressPathOf(kind, uploadUuid) });
      } catch (error) {
        setRequest({ phase: 'failed', ...failureMessage(error, noCreditsMessage) });
        if (isApiError(error) && error.status === 402)
          void session.refreshPlan().catch(() => undefined);
      }
    },
    [kind, navigate, session],
  );

  // Follows the upload of a local file until the server has the track ready.
  useEffect(() => {
    const waiting = pending.current;
    if (!waiting || !queue) return;
    const row: UploadRow | undefined = queue.find((r) => r.id === waiting.rowId);
    if (!row) return;
    if (row.state === 'done' && row.serverId) {
      pending.current = null;
      void create(row.serverId, waiting.configuration);
    } else if (row.state === 'failed' || row.state === 'cancelled') {
      pending.current = null;
      setRequest({
        phase: 'failed',
        message: row.error ?? 'The upload of your track failed.',
        noCredits: false,
      });
    } else if (row.state === 'processing') {
      setRequest({ phase: 'processing' });
    } else {
      setRequest({ phase: 'uploading', percent: row.percent, note: row.error });
    }
  }, [queue, create]);

  const start = useCallback(
    async (choice: AudioChoice, configuration: RenderConfiguration) => {
      if (choice.kind === 'demo') {
        if (latest.current.trackOptional) {
          await create(null, configuration);
          return;
        }
        setRequest({ phase: 'failed', message: RENDER_MESSAGES.pickAudio, noCredits: false });
        return;
      }
      if (choice.kind === 'library') {
        await create(choice.audio.audio_uuid, configuration);
        return;
      }
      setRequest({ phase: 'uploading', percent: 0, note: null });
      try {
        const ownerId = session.getState().user?.user_uuid;
        if (!ownerId) throw new Error('Files are queued for a signed-in user');
        const rows = await uploadRowsFor([choice.file], 'audio', {
          ownerId,
          readDuration: readAudioDuration,
          now: Date.now(),
        });
        const row = rows[0]!;
        if (row.state === 'failed') {
          setRequest({
            phase: 'failed',
            message: row.error ?? RENDER_MESSAGES.failed,
            noCredits: false,
          });
          return;
        }
        pending.current = { rowId: row.id, configuration };
        await libraryServices().uploads.enqueue(rows);
      } catch {
        pending.current = null;
        setRequest({ phase: 'failed', message: RENDER_MESSAGES.failed, noCredits: false });
      }
    },
    [create, session],
  );

  const busy = request.phase !== 'idle' && request.phase !== 'failed';
  return { request, start, busy, reset: () => setRequest({ phase: 'idle' }) };
}
