// The create flow every creator screen composes: the track (demo, library or a file of this
// device) and its preview player, the credits the render spends and whether the user may render
// (signed in, online, credits left), and the Render button's work (upload if need be, create,
// on to the progress page). The screen adds its look and builds the configuration.
import { useState } from 'react';
import type { RenderConfiguration } from '../../../core/render/api-types';
import type { RenderKind } from '../../../core/render/scene';
import { useOnline } from '../../lib/network';
import { useLibraryAudios, useLibraryServices } from '../library';
import { useSession, type PlanState } from '../session';
import { useChosenAudio, type AudioChoice } from './chosen-audio';
import { renderGate } from './render-gate';
import { usePreviewPlayer } from './use-preview-player';
import { usePreviewWorker } from './use-preview-worker';
import { RENDER_MESSAGES, useRenderRequest, type RenderRequestOptions } from './use-render-request';

/** What a render spends, as the Render panel names and counts it. */
export interface RenderCredit {
  label: string;
  of: (plan: PlanState) => number;
  noCreditsMessage: string;
}

export const VISUALIZER_CREDIT: RenderCredit = {
  label: 'Visualizer credits',
  of: (plan) => plan.viz_credits,
  noCreditsMessage: RENDER_MESSAGES.noCredits,
};

export interface CreateRenderOptions extends Omit<RenderRequestOptions, 'noCreditsMessage'> {
  /** Visualizer credits unless told. */
  credit?: RenderCredit;
  /**
   * A Canvas: the demo track is not played under the loop, and the chosen track repeats (Spotify
   * loops the Canvas while the song plays).
   */
  silentDemo?: boolean;
}

export function useCreateRender(kind: RenderKind, options: CreateRenderOptions = {}) {
  const { credit = VISUALIZER_CREDIT, silentDemo = false } = options;
  const session = useSession();
  const online = useOnline();
  const { cache } = useLibraryServices();
  const tracks = useLibraryAudios().value ?? [];
  const api = usePreviewWorker();
  const [choice, setChoice] = useState<AudioChoice>({ kind: 'demo' });
  const audio = useChosenAudio(choice, api, cache);
  const withTrack = choice.kind !== 'demo';
  const track = withTrack && audio.state === 'ready' ? audio : null;
  const trackReady = track !== null;
  const heard = audio.state === 'ready' && (trackReady || !silentDemo) ? audio.src : null;
  const player = usePreviewPlayer(heard, { loop: silentDemo || !withTrack });
  const render = useRenderRequest(kind, { ...options, noCreditsMessage: credit.noCreditsMessage });

  return {
    api,
    signedIn: session.status === 'signed-in',
    online,
    tracks,
    choice,
    audio,
    /** A track of the user's is chosen (not the demo). */
    withTrack,
    /** The user's track once it is ready to play and render. */
    track,
    trackReady,
    player,
    credit,
    credits: session.plan ? credit.of(session.plan) : null,
    gate: renderGate(session.status, session.plan, credit.of),
    request: render.request,
    busy: render.busy,
    /** False while the chosen track is not ready, or no track is chosen where one is needed. */
    canRender: options.trackOptional ? !withTrack || trackReady : trackReady,
    choose: (next: AudioChoice) => {
      render.reset();
      setChoice(next);
    },
    submit: (configuration: RenderConfiguration) => {
      player.pause();
      void render.start(choice, configuration);
    },
  };
}

export type CreateRenderFlow = ReturnType<typeof useCreateRender>;
