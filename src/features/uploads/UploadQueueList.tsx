import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconMusic, IconPhoto, IconRefresh, IconX } from '@tabler/icons-react';
import type { UploadRow } from '../../db/media-tables';
import { formatFileSize, formatSpeed, formatTimeLeft } from '../../lib/format';
import { canCancel, canRetry } from './upload-machine';

const STATE_LOOK: Record<UploadRow['state'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  uploading: { label: 'Uploading', color: 'wave' },
  processing: { label: 'Processing', color: 'blue' },
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** The line under a file's name: what is happening to it now. */
export function uploadStateText(row: UploadRow, online: boolean): string {
  const sent = row.bytesSent > 0 ? ` (${row.percent}% sent)` : '';
  switch (row.state) {
    case 'queued':
      if (!online) return `Waiting for a connection${sent}`;
      if (row.error) return `${row.error}${sent}`;
      return row.bytesSent > 0 ? `Resuming${sent}` : 'Waiting for its turn';
    case 'uploading': {
      const parts = [
        `${row.percent}%`,
        formatSpeed(row.speedBytesPerSecond),
        formatTimeLeft(row.fileSize - row.bytesSent, row.speedBytesPerSecond),
      ];
      return parts.filter(Boolean).join(' · ');
    }
    case 'processing':
      return row.kind === 'audio'
        ? 'Processing: reading tags, analysing the audio'
        : 'Processing: making the display copy';
    case 'done':
      return row.note ?? 'Uploaded and ready';
    case 'failed':
      return row.error ?? 'The upload failed.';
    case 'cancelled':
      return 'Cancelled';
  }
}

function UploadItem({
  row,
  online,
  onCancel,
  onRetry,
  onDismiss,
}: {
  row: UploadRow;
  online: boolean;
  onCancel: (row: UploadRow) => void;
  onRetry: (row: UploadRow) => void;
  onDismiss: (row: UploadRow) => void;
}) {
  const look =
    row.state === 'queued' && !online
      ? { label: 'Waiting', color: 'orange' }
      : STATE_LOOK[row.state];
  const showBar = row.state === 'uploading' || (row.state === 'queued' && row.bytesSent > 0);
  const Icon = row.kind === 'audio' ? IconMusic : IconPhoto;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="upload-row"
      data-state={row.state}
      data-file={row.fileName}
      data-percent={row.percent}
      aria-label={`Upload of ${row.fileName}`}
      role="group"
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon
          variant="light"
          radius="md"
          size={36}
          color={row.state === 'failed' ? 'red' : row.state === 'done' ? 'teal' : undefined}
          aria-hidden
        >
          {row.state === 'done' ? <IconCheck size={20} /> : <Icon size={20} />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text fw={600} size="sm" truncate="end" title={row.fileName}>
              {row.fileName}
            </Text>
            <Badge
              color={look.color}
              variant="light"
              radius="sm"
              size="sm"
              style={{ flexShrink: 0 }}
              leftSection={
                row.state === 'processing' ? (
                  <Loader size={9} color="blue" aria-hidden />
                ) : undefined
              }
            >
              {look.label}
            </Badge>
          </Group>
          <Text
            size="xs"
            c={row.state === 'failed' ? 'red' : 'dimmed'}
            data-testid="upload-status"
            aria-live="polite"
          >
            {formatFileSize(row.fileSize)} · {uploadStateText(row, online)}
          </Text>
          {showBar && (
            <Progress
              value={row.percent}
              size="sm"
              radius="xl"
              animated={row.state === 'uploading'}
              color={row.state === 'uploading' ? undefined : 'gray'}
              aria-label={`${row.fileName}: ${row.percent}% uploaded`}
            />
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {canRetry(row) && (
            <Tooltip label="Try again">
              <ActionIcon
                variant="subtle"
                onClick={() => onRetry(row)}
                aria-label={`Retry upload of ${row.fileName}`}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {canCancel(row) && row.state !== 'failed' ? (
            <Tooltip label="Cancel upload">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onCancel(row)}
                aria-label={`Cancel upload of ${row.fileName}`}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            row.state !== 'processing' && (
              <Tooltip label="Remove from the list">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => (row.state === 'failed' ? onCancel(row) : onDismiss(row))}
                  aria-label={`Remove ${row.fileName} from the list`}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The upload queue: each file's state, progress and speed, with cancel, retry and remove. */
export function UploadQueueList({
  rows,
  online,
  onCancel,
  onRetry,
  onDismiss,
}: {
  rows: UploadRow[];
  online: boolean;
  onCancel: (row: UploadRow) => void;
  onRetry: (row: UploadRow) => void;
  onDismiss: (row: UploadRow) => void;
}) {
  if (rows.length === 0) return null;
  const finished = rows.filter((row) => row.state === 'done');
  const active = rows.length - finished.length - rows.filter((r) => r.state === 'failed').length;

  return (
    <section aria-labelledby="upload-queue-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="upload-queue-title">
          Uploads{' '}
          <Text span c="dimmed" fz="sm" fw={500}>
            {active > 0 ? `${active} in progress` : 'all finished'}
          </Text>
        </Title>
        {finished.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={() => finished.forEach((row) => onDismiss(row))}
          >
            Clear finished
          </Button>
        )}
      </Group>
      <Stack gap="xs" mb="xl">
        {rows.map((row) => (
          <UploadItem
            key={row.id}
            row={row}
            online={online}
            onCancel={onCancel}
            onRetry={onRetry}
            onDismiss={onDismiss}
          />
        ))}
      </Stack>
    </section>
  );
}
