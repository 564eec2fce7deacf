import { useCallback, useState } from 'react';
import { addRecentColor, parseRecentColors } from '../../../core/color/recent-colors';

const STORAGE_KEY = 'waveframe.tools.recent-colors';

function readStored(): string[] {
  try {
    return parseRecentColors(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** The colours recently made in the colour tools, kept in this browser's localStorage. */
export function useRecentColorList(): {
  colors: string[];
  add: (hex: string) => void;
  clear: () => void;
} {
  const [colors, setColors] = useState(readStored);
  const save = useCallback((next: string[]) => {
    setColors(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // A full or blocked storage only loses the history; the tool keeps working.
    }
  }, []);
  const add = useCallback(
    (hex: string) => {
      const next = addRecentColor(readStored(), hex);
      save(next);
    },
    [save],
  );
  const clear = useCallback(() => save([]), [save]);
  return { colors, add, clear };
}
