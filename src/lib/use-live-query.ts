import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export interface LiveResult<T> {
  /** Undefined until the first answer (or when the browser's storage is unavailable). */
  value: T | undefined;
  /** The storage could not be read: nothing saved can be shown. */
  unavailable: boolean;
}

/**
 * The answer of an IndexedDB query, kept up to date as the tables change (in this tab or
 * another). `query` must be stable (module level or useCallback): a new one runs it again.
 */
export function useLiveQuery<T>(query: () => Promise<T>): LiveResult<T> {
  const [result, setResult] = useState<{ query: () => Promise<T>; state: LiveResult<T> }>({
    query,
    state: { value: undefined, unavailable: false },
  });

  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => setResult({ query, state: { value, unavailable: false } }),
      error: () => setResult({ query, state: { value: undefined, unavailable: true } }),
    });
    return () => subscription.unsubscribe();
  }, [query]);

  // A new query shows nothing of the previous one's answer.
  return result.query === query ? result.state : { value: undefined, unavailable: false };
}
