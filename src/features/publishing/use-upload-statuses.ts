// Follows uploads to YouTube: asks query-yt-uploads-status at once and then every 5 s (spec 9)
// while any of them is PENDING; a 429 waits 5 s, offline waits for the connection, and other
// failures say so and keep trying (the upload goes on on the server either way).
import { useEffect, useState } from 'react';
import { failureOf } from '../../api/api-error';
import { fetchUploadStatuses, type UploadStatusItem } from '../../api/publishing';
import { browserNetwork } from '../../lib/network';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { publishingTiming } from './publishing-paths';

export interface UploadStatuses {
  /** The last answer for each entry asked about (entries left out of an answer are NotFound). */
  items: ReadonlyMap<string, UploadStatusItem>;
  /** The last status call failed (the polling goes on); offline is not a problem. */
  problem: string | null;
}

interface Followed {
  key: string;
  items: Map<string, UploadStatusItem>;
  problem: string | null;
}

const EMPTY: ReadonlyMap<string, UploadStatusItem> = new Map();

export function useUploadStatuses(entryUuids: readonly string[]): UploadStatuses {
  const key = [...new Set(entryUuids)].sort().join(',');
  const [state, setState] = useState<Followed>({ key: '', items: new Map(), problem: null });

  useEffect(() => {
    if (!key) return undefined;
    const ids = key.split(',');
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopOnline: (() => void) | null = null;
    const later = (ms: number) => {
      timer = setTimeout(() => void run(), ms);
    };
    const whenOnline = () => {
      stopOnline = browserNetwork.onOnline(() => {
        stopOnline?.();
        stopOnline = null;
        void run();
      });
    };
    async function run(): Promise<void> {
      if (cancelled) return;
      if (!browserNetwork.isOnline()) {
        whenOnline();
        return;
      }
      try {
        const answers = await fetchUploadStatuses(ids);
        if (cancelled) return;
        const items = new Map<string, UploadStatusItem>(
          ids.map((id) => [id, { entry_uuid: id, yt_upload_status: 'NotFound', entry: null }]),
        );
        for (const answer of answers) items.set(answer.entry_uuid, answer);
        setState({ key, items, problem: null });
        if ([...items.values()].some((item) => item.yt_upload_status === 'PENDING')) {
          later(publishingTiming.pollIntervalMs);
        }
      } catch (error) {
        if (cancelled) return;
        const { status } = failureOf(error);
        if (status === 0 && !browserNetwork.isOnline()) {
          whenOnline();
          return;
        }
        if (status === 429) {
          later(publishingTiming.rateLimitedRetryMs);
          return;
        }
        setState((previous) => ({
          key,
          items: previous.key === key ? previous.items : new Map(),
          problem:
            status === 0 ? PUBLISHING_MESSAGES.pollUnreachable : PUBLISHING_MESSAGES.pollProblem,
        }));
        later(publishingTiming.pollIntervalMs);
      }
    }
    void run();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      stopOnline?.();
    };
  }, [key]);

  if (state.key !== key) return { items: EMPTY, problem: null };
  return { items: state.items, problem: state.problem };
}
