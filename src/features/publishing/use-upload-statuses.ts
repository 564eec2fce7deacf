// Follows uploads to YouTube: asks query-yt-uploads-status at once and then every 5 s (spec 9)
// while any of them is PENDING; a 429 waits 5 s, offline waits for the connection, and other
// failures say so and keep trying (the upload goes on on the server either way).
import { useEffect, useState } from 'react';
import { fetchUploadStatuses, type UploadStatusItem } from '../../api/publishing';
import { startStatusPoll } from '../../lib/status-poll';
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
    return startStatusPoll({
      ask: () => fetchUploadStatuses(ids),
      onAnswer: (answers) => {
        const items = new Map<string, UploadStatusItem>(
          ids.map((id) => [id, { entry_uuid: id, yt_upload_status: 'NotFound', entry: null }]),
        );
        for (const answer of answers) items.set(answer.entry_uuid, answer);
        setState({ key, items, problem: null });
        return [...items.values()].some((item) => item.yt_upload_status === 'PENDING');
      },
      onProblem: (status) =>
        setState((previous) => ({
          key,
          items: previous.key === key ? previous.items : new Map(),
          problem:
            status === 0 ? PUBLISHING_MESSAGES.pollUnreachable : PUBLISHING_MESSAGES.pollProblem,
        })),
      timing: publishingTiming,
    });
  }, [key]);

  if (state.key !== key) return { items: EMPTY, problem: null };
  return { items: state.items, problem: state.problem };
}
