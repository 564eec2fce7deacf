import type { ComponentProps } from 'react';
import { AudioPicker } from './AudioPicker';
import type { AudioChoice } from './chosen-audio';
import type { CreateRenderFlow } from './use-create-render';

/** The track of a create flow; choosing another clears a failed render's message. */
export function TrackPicker({
  flow,
  onChoose,
  demoHint,
}: {
  flow: CreateRenderFlow;
  /** What else changes with the track (a Canvas's section starts again at 0). */
  onChoose?: (choice: AudioChoice) => void;
  demoHint?: ComponentProps<typeof AudioPicker>['demoHint'];
}) {
  return (
    <AudioPicker
      choice={flow.choice}
      chosen={flow.audio}
      tracks={flow.tracks}
      signedIn={flow.signedIn}
      demoHint={demoHint}
      onChoose={(next) => {
        onChoose?.(next);
        flow.choose(next);
      }}
    />
  );
}
