import { Badge, Loader } from '@mantine/core';
import type { AudioStatus, ImageStatus } from '../../api/media';

const LOOK = {
  PENDING: { label: 'Processing', color: 'blue' },
  PROGRESSING: { label: 'Processing', color: 'blue' },
  COMPLETE: { label: 'Ready', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
} as const;

/** The server's processing status of an image or a track, in words. */
export function StatusBadge({ status }: { status: AudioStatus | ImageStatus }) {
  const look = LOOK[status];
  const busy = status === 'PENDING' || status === 'PROGRESSING';
  return (
    <Badge
      color={look.color}
      variant="light"
      radius="sm"
      data-status={status}
      leftSection={busy ? <Loader size={10} color={look.color} aria-hidden /> : undefined}
    >
      {look.label}
    </Badge>
  );
}
