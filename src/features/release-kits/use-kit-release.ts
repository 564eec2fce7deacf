// The kit's title, artist and cover as the creator screen holds them (kit-release.ts).
import { useCallback, useState } from 'react';
import {
  editRelease,
  followTrack,
  initialRelease,
  type KitRelease,
  type KitReleaseField,
  type ReleaseSource,
} from './kit-release';

export function useKitRelease(trackKey: string, source: ReleaseSource) {
  const [state, setState] = useState(() => initialRelease(trackKey, source));
  let current = state;
  if (state.trackKey !== trackKey) {
    // Another track was picked: adjusted while rendering, so no frame shows the last track's.
    current = followTrack(state, trackKey, source);
    setState(current);
  }
  const edit = useCallback(
    <F extends KitReleaseField>(field: F, value: KitRelease[F]) =>
      setState((last) => editRelease(last, field, value)),
    [],
  );
  return { release: current.release, edit };
}

export type KitReleaseControl = ReturnType<typeof useKitRelease>;
