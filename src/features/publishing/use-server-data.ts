// One answer of the server for a screen: fetched on arrival (and again when `key` changes), a
// 429 asked again after 5 s (spec 8, list loading), offline waited out until the connection
// returns; other failures end the loading with the error, which the screen shows.
import { useCallback, useEffect, useState } from 'react';
import { failureOf } from '../../api/api-error';
import { browserNetwork } from '../../lib/network';
import { publishingTiming } from './publishing-paths';

export interface ServerData<T> {
  /** The last answer; null until the first. */
  data: T | null;
  /** Why the last load failed (the screen says it with messageOf), else null. */
  error: unknown;
  /** Nothing known yet: no answer and no failure. */
  loading: boolean;
  /** Asks again, keeping what is shown until the answer. */
  reload: () => Promise<void>;
  refreshing: boolean;
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * `load` must be stable (module level): a new one fetches again. A null `key` loads nothing
 * (yet): the answer stays null and loading false.
 */
export function useServerData<T>(
  load: (key: string) => Promise<T>,
  key: string | null = '',
): ServerData<T> {
  const [state, setState] = useState<Loaded<T>>({ key: '\0', data: null, error: null });
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (key === null) return undefined;
    const asked = key;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopOnline: (() => void) | null = null;
    async function run(): Promise<void> {
      if (cancelled) return;
      if (!browserNetwork.isOnline()) {
        stopOnline = browserNetwork.onOnline(() => {
          stopOnline?.();
          stopOnline = null;
          void run();
        });
        return;
      }
      try {
        const data = await load(asked);
        if (!cancelled) setState({ key: asked, data, error: null });
      } catch (error) {
        if (cancelled) return;
        if (failureOf(error).status === 429) {
          timer = setTimeout(() => void run(), publishingTiming.rateLimitedRetryMs);
          return;
        }
        setState((previous) => ({
          key: asked,
          data: previous.key === asked ? previous.data : null,
          error,
        }));
      }
    }
    void run();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      stopOnline?.();
    };
  }, [load, key]);

  const reload = useCallback(async () => {
    if (key === null) return;
    const asked = key;
    setRefreshing(true);
    try {
      const data = await load(asked);
      setState({ key: asked, data, error: null });
    } catch (error) {
      setState((previous) => ({
        key: asked,
        data: previous.key === asked ? previous.data : null,
        error,
      }));
    } finally {
      setRefreshing(false);
    }
  }, [load, key]);

  const current = state.key === key ? state : { data: null, error: null };
  return {
    data: current.data,
    error: current.error,
    loading: key !== null && current.data === null && current.error === null,
    reload,
    refreshing,
  };
}
