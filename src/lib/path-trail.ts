import type { AnyRouter } from '@tanstack/react-router';

interface Trail {
  previous: string | null;
  current: string | null;
}

const trails = new WeakMap<AnyRouter, Trail>();

/** Remembers the path before the current one, for the login call's prevPath (spec 7). */
export function trackPathTrail(router: AnyRouter): void {
  const trail: Trail = { previous: null, current: null };
  trails.set(router, trail);
  router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === trail.current) return;
    trail.previous = trail.current;
    trail.current = toLocation.pathname;
  });
}

/** The path visited before the current one, or null on the first page of the visit. */
export function previousPathOf(router: AnyRouter): string | null {
  return trails.get(router)?.previous ?? null;
}
