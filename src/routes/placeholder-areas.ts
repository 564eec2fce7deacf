// The screens still to be built, by the area of work that fills them: their placeholder
// (ComingSoonScreen) names it. Keyed by screen id (see screenIdOf in route-table.ts). A screen
// leaves this list when it gets its content in screens.tsx (a test keeps the two in step).

const SCREENS_TO_BUILD: Record<string, readonly string[]> = {};

const AREA_OF_SCREEN = new Map(
  Object.entries(SCREENS_TO_BUILD).flatMap(([area, ids]) => ids.map((id) => [id, area] as const)),
);

/** The area of work that fills a screen still to be built, e.g. "Publishing"; else undefined. */
export function placeholderAreaOf(screenId: string): string | undefined {
  return AREA_OF_SCREEN.get(screenId);
}
