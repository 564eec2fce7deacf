import { Badge, Loader } from '@mantine/core';
import type { RenderPhase } from './render-kinds';

const LOOK: Record<RenderPhase, { label: string; color: string }> = {
  rendering: { label: 'Rendering', color: 'blue' },
  ready: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  'not-found': { label: 'Not found', color: 'gray' },
};

const WAITING = { label: 'Waiting', color: 'gray' };

/** Where a render stands, in words; rendering shows its percent, one not started yet waits. */
export function RenderStatusBadge({
  phase,
  percent,
  waiting = false,
  variant = 'light',
}: {
  phase: RenderPhase;
  percent?: number;
  /** Not started yet: waiting for a render slot or a worker. */
  waiting?: boolean;
  variant?: 'light' | 'filled';
}) {
  if (phase === 'rendering' && waiting)
    return (
      <Badge color={WAITING.color} variant={variant} radius="sm" data-phase="waiting">
        {WAITING.label}
      </Badge>
    );
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
