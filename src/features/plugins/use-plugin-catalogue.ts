// The plugin list for the public pages and My Plugins: asked of the server on arrival and again
// when the connection returns. The last answer is kept on this device, so a visitor who comes
// back offline still sees the releases (marked as from the last visit); the download itself
// needs the server anyway.
import { useCallback, useEffect, useState } from 'react';
import type { PluginCatalogue } from '../../../core/plugins/api-types';
import { fetchPlugins } from '../../api/plugins';
import { browserNetwork } from '../../lib/network';

const STORAGE_KEY = 'waveframe-plugin-catalogue';

export interface CatalogueState {
  catalogue: PluginCatalogue | null;
  /** The catalogue shown is the copy kept from an earlier visit (the server was not reached). */
  fromLastVisit: boolean;
  /** The server could not be asked (offline or no answer) and no copy was kept. */
  unreachable: boolean;
  loading: boolean;
  reload: () => void;
}

function keptCopy(): PluginCatalogue | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    const parsed = text ? (JSON.parse(text) as PluginCatalogue) : null;
    return parsed && Array.isArray(parsed.plugins) ? parsed : null;
  } catch {
    return null;
  }
}

function keep(catalogue: PluginCatalogue): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(catalogue));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

export function usePluginCatalogue(): CatalogueState {
  const [state, setState] = useState<Omit<CatalogueState, 'reload'>>({
    catalogue: null,
    fromLastVisit: false,
    unreachable: false,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    const fallBack = () => {
      const copy = keptCopy();
      setState({
        catalogue: copy,
        fromLastVisit: copy !== null,
        unreachable: copy === null,
        loading: false,
      });
    };
    const stopOnline = browserNetwork.onOnline(reload);
    if (!browserNetwork.isOnline()) {
      fallBack();
    } else {
      fetchPlugins()
        .then((catalogue) => {
          if (!live) return;
          keep(catalogue);
          setState({ catalogue, fromLastVisit: false, unreachable: false, loading: false });
        })
        .catch(() => live && fallBack());
    }
    return () => {
      live = false;
      stopOnline();
    };
  }, [attempt, reload]);

  return { ...state, reload };
}
