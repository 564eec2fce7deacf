import { Badge, Loader } from '@mantine/core';
import type { RenderPhase } from './render-kinds';

const LOOK: Record<RenderPhase, { label: string; color: string }> = {
  rendering: { label: 'Rendering', color: 'blue' },
  ready: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  'not-found': { label: 'Not found', color: 'gray' },
};

/** Where a render stands, in words; rendering shows its percent. */
export function RenderStatusBadge({
  phase,
  percent,
  variant = 'light',
}: {
  phase: RenderPhase;
  percent?: number;
  variant?: 'light' | 'filled';
}) {
  const look = LOOK[phase];
  const label =
    phase === 'rendering' && percent !== undefined && percent > 0
      ? `${look.label} ${Math.floor(percent)}%`
      : look.label;
  return (
    <Badge
      color={look.color}
      variant={variant}
      radius="sm"
      data-phase={phase}
      leftSection={
        phase === 'rendering' ? (
          <Loader size={10} color={variant === 'filled' ? 'white' : look.color} aria-hidden />
        ) : undefined
      }
    >
      {label}
    </Badge>
  );
}
