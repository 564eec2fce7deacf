// The price of the chosen outputs, asked again when they change.
import { useEffect, useState } from 'react';
import type { KitOutput } from '../../../core/render/release-kit';
import { fetchKitPrice, type KitPrice } from '../../api/release-kits';

export type KitPriceState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; price: KitPrice }
  | { status: 'failed' };

export function useKitPrice(outputs: readonly KitOutput[], enabled: boolean): KitPriceState {
  const key = enabled && outputs.length > 0 ? outputs.join(',') : null;
  const [loaded, setLoaded] = useState<{ key: string; price: KitPrice | null } | null>(null);

  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    fetchKitPrice(key.split(',') as KitOutput[], { signal: controller.signal }).then(
      (price) => setLoaded({ key, price }),
      () => {
        if (!controller.signal.aborted) setLoaded({ key, price: null });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (!key) return { status: 'none' };
  if (loaded?.key !== key) return { status: 'loading' };
  return loaded.price ? { status: 'ready', price: loaded.price } : { status: 'failed' };
}
