// The designs saved on this device (IndexedDB, table particleDesigns) and the colours last used
// in the editor (localStorage), so both are there offline and after a reload.
import type { ParticleDesign } from '../../../core/particles/design';
import { getDatabase } from '../../db/database';
import type { ParticleDesignRow } from '../../db/particle-designs';
import { useLiveQuery } from '../../lib/use-live-query';

export type { ParticleDesignRow };

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Saves a design: under its id when it has one (overwriting), else as a new one. */
export async function saveDesign(design: ParticleDesign, id?: string | null): Promise<string> {
  const row: ParticleDesignRow = { id: id ?? newId(), design, updatedAt: Date.now() };
  await getDatabase().particleDesigns.put(row);
  return row.id;
}

export async function deleteDesign(id: string): Promise<void> {
  await getDatabase().particleDesigns.delete(id);
}

const newestFirst = () => getDatabase().particleDesigns.orderBy('updatedAt').reverse().toArray();

/** The saved designs, newest first, kept up to date. */
export function useSavedDesigns() {
  return useLiveQuery(newestFirst);
}

const RECENT_COLORS_KEY = 'waveframe.particles.recent-colors';
const MAX_RECENT_COLORS = 12;

export function readRecentColors(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(RECENT_COLORS_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((c): c is string => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c))
      : [];
  } catch {
    return [];
  }
}

/** Puts colours first in the recent list (no repeats, at most 12); answers the new list. */
export function rememberColors(
  colors: readonly string[],
  storage: Storage | undefined = globalThis.localStorage,
): string[] {
  const fresh = colors.map((c) => c.toLowerCase());
  const list = [...fresh, ...readRecentColors(storage).filter((c) => !fresh.includes(c))].slice(
    0,
    MAX_RECENT_COLORS,
  );
  try {
    storage?.setItem(RECENT_COLORS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list lives for this page only.
  }
  return list;
}
