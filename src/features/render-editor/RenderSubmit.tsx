import { useState, type ReactNode } from 'react';
import type { RenderConfiguration } from '../../../core/render/api-types';
import { LoginDialog } from '../shell';
import type { RenderGate } from './render-gate';
import { RenderPanel } from './RenderPanel';
import type { CreateRenderFlow } from './use-create-render';

export const VISUALIZER_CREDIT_HINT =
  'Each render uses one visualizer credit; a failed render gives it back.';

/**
 * The end of a create flow: credits left, the Render button (the login panel when signed out),
 * the no-credits refusal before anything is queued, and the request's progress or error.
 */
export function RenderSubmit({
  flow,
  configure,
  hint = VISUALIZER_CREDIT_HINT,
  pickTrackHint = hint,
  gate = flow.gate,
  ready = true,
  header,
  actionLabel,
  actionTestId,
}: {
  flow: CreateRenderFlow;
  /** The render's configuration, read when the button is pressed. */
  configure: () => RenderConfiguration;
  hint?: string;
  /** The hint while the demo track plays. */
  pickTrackHint?: string;
  /** Whether it may start, when the screen decides it (a release kit: from its price). */
  gate?: RenderGate;
  /** False while the screen lacks something besides the track (a kit: an output, the hook). */
  ready?: boolean;
  /** Instead of the credits-left line. */
  header?: ReactNode;
  actionLabel?: string;
  actionTestId?: string;
}) {
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <>
      <RenderPanel
        gate={gate}
        credits={flow.credits}
        creditLabel={flow.credit.label}
        noCreditsMessage={flow.credit.noCreditsMessage}
        request={flow.request}
        online={flow.online}
        busy={flow.busy}
        canRender={flow.canRender && ready}
        hint={flow.withTrack ? hint : pickTrackHint}
        onRender={() => flow.submit(configure())}
        onLogin={() => setLoginOpen(true)}
        header={header}
        actionLabel={actionLabel}
        actionTestId={actionTestId}
      />
      <LoginDialog opened={loginOpen} onClose={() => setLoginOpen(false)} />
    </>
  );
}
