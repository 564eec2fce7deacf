import { useEffect, useState } from 'react';
import { fetchRecentColors } from '../../api/renders';
import { useOnline } from '../../lib/network';

/**
 * The signed-in user's recently used colours (GET /api/visualizers/recent-colors); none while
 * signed out or offline, or when the call fails.
 */
export function useRecentColors(
  signedIn: boolean,
  fetchColors: (options: { signal: AbortSignal }) => Promise<string[]> = fetchRecentColors,
): string[] {
  const online = useOnline();
  const [colors, setColors] = useState<{ for: boolean; colors: string[] }>({
    for: false,
    colors: [],
  });
  useEffect(() => {
    if (!signedIn || !online) return undefined;
    const controller = new AbortController();
    fetchColors({ signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) {
          setColors({ for: true, colors: answer.filter((c) => /^#[0-9a-f]{6}$/i.test(c)) });
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn, online, fetchColors]);
  return signedIn && colors.for ? colors.colors : [];
}
