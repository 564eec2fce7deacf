import { Badge, Loader } from '@mantine/core';
import type { YtUploadTaskStatus } from '../../api/publishing';

const LOOK: Record<YtUploadTaskStatus, { label: string; color: string }> = {
  PENDING: { label: 'Publishing', color: 'blue' },
  SUCCESS: { label: 'Published', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  NotFound: { label: 'Not found', color: 'gray' },
};

/** Where an upload to YouTube stands, in words; publishing shows its percent. */
export function UploadStatusBadge({
  status,
  percent,
}: {
  status: YtUploadTaskStatus;
  percent?: number;
}) {
  const look = LOOK[status];
  const label =
    status === 'PENDING' && percent !== undefined && percent > 0
      ? `${look.label} ${Math.floor(percent)}%`
      : look.label;
  return (
    <Badge
      color={look.color}
      variant="light"
      radius="sm"
      data-status={status}
      style={{ flex: 'none' }}
      leftSection={
        status === 'PENDING' ? <Loader size={10} color={look.color} aria-hidden /> : undefined
      }
    >
      {label}
    </Badge>
  );
}
