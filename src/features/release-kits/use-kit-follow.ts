// Follows one kit: asked at once, then every 2 s while it renders (a 429 waits, offline waits
// for the connection, other failures are said and asked again); a 404 ends it.
import { useEffect, useState } from 'react';
import { fetchKit, type ReleaseKit } from '../../api/release-kits';
import { startStatusPoll } from '../../lib/status-poll';

/** Tests shorten them. */
export const kitTiming = { pollIntervalMs: 2_000, rateLimitedRetryMs: 5_000 };

export interface KitFollow {
  kit: ReleaseKit | null;
  notFound: boolean;
  /** The last ask failed (status 0: no answer); cleared by the next answer. */
  problem: number | null;
}

export function useKitFollow(kitUuid: string): KitFollow {
  const [state, setState] = useState<KitFollow & { kitUuid: string }>({
    kitUuid,
    kit: null,
    notFound: false,
    problem: null,
  });

  useEffect(() => {
    let stop: (() => void) | null = null;
    let notFound = false;
    stop = startStatusPoll({
      ask: () => fetchKit(kitUuid),
      onAnswer: (kit) => {
        setState({ kitUuid, kit, notFound: false, problem: null });
        return kit.status === 'IN-PROGRESS';
      },
      onProblem: (status) => {
        if (status === 404) {
          notFound = true;
          stop?.();
        }
        setState((current) => ({
          kitUuid,
          kit: current.kitUuid === kitUuid ? current.kit : null,
          notFound: status === 404,
          problem: status,
        }));
      },
      timing: kitTiming,
    });
    if (notFound) stop();
    return () => stop?.();
  }, [kitUuid]);

  return state.kitUuid === kitUuid
    ? { kit: state.kit, notFound: state.notFound, problem: state.problem }
    : { kit: null, notFound: false, problem: null };
}
