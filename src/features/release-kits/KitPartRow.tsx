// One file of a kit as it renders: what it is, its state, progress and time left, and once
// finished the file itself (a player, or the picture for the thumbnail), its library page and
// its download.
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { KitPartView } from '../../api/release-kits';
import { formatDuration, formatLength } from '../../lib/format';
import { ProgressMeter } from '../../ui/ProgressMeter';
import { OUTPUT_TEXT, PART_STATUS_TEXT, partTimeText, waitingText } from './kit-words';

/** The finished file as what it is: a player for a video (the Canvas loops, silent), the picture. */
function PartMedia({ part, label }: { part: KitPartView; label: string }) {
  if (!part.file_url) return null;
  const frame = {
    aspectRatio: `${part.width} / ${part.height}`,
    maxHeight: 360,
    maxWidth: '100%',
    // A tall file is as wide as its height allows, centred.
    width: part.width >= part.height ? '100%' : undefined,
    height: part.width >= part.height ? undefined : 360,
    display: 'block',
    margin: '0 auto',
    borderRadius: 'var(--mantine-radius-md)',
    background: 'var(--mantine-color-dark-8)',
    objectFit: 'contain' as const,
  };
  return (
    <Box data-testid="kit-part-media">
      {part.output === 'thumbnail' ? (
        <img src={part.file_url} alt={`${label}: ${part.file_name}`} style={frame} />
      ) : (
        <video
          src={part.file_url}
          controls
          preload="metadata"
          poster={part.poster_url ?? undefined}
          playsInline
          aria-label={`${label}: ${part.file_name}`}
          {...(part.output === 'canvas' ? { loop: true, muted: true } : {})}
          style={frame}
        />
      )}
    </Box>
  );
}

export function KitPartRow({ part }: { part: KitPartView }) {
  const status = PART_STATUS_TEXT[part.status];
  const percent =
    part.status === 'COMPLETE' ? 100 : Math.min(100, Math.max(0, part.percent_complete));
  const label = OUTPUT_TEXT[part.output].label;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="kit-part"
      data-output={part.output}
      data-status={part.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fw={700}>{label}</Text>
            <Text size="xs" c="dimmed" truncate="end">
              {part.file_name}
            </Text>
          </Stack>
          <Badge
            color={status.color}
            variant="light"
            radius="sm"
            style={{ flex: 'none' }}
            data-testid="kit-part-status"
          >
            {status.label}
          </Badge>
        </Group>
        {part.status === 'COMPLETE' && <PartMedia part={part} label={label} />}
        <Text size="sm" c="dimmed">
          {part.width}×{part.height} ·{' '}
          {part.output === 'thumbnail' ? 'picture' : formatLength(part.seconds)}
          {part.output !== 'full' && part.output !== 'thumbnail' && (
            <>
              {' '}
              · track {formatDuration(part.audio_start_seconds)}–
              {formatDuration(part.audio_end_seconds)}
            </>
          )}
        </Text>
        {part.status === 'WAITING' && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconClockHour4 size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="dimmed" data-testid="kit-part-waiting">
              {waitingText(part.waiting)}
            </Text>
          </Group>
        )}
        {part.status === 'RENDERING' && (
          <ProgressMeter
            percent={percent}
            state="working"
            timeText={partTimeText(part)}
            label={label}
            size="sm"
            testIds={{ percent: 'kit-part-percent', time: 'kit-part-time-left' }}
          />
        )}
        {part.status === 'FAILED' && (
          <Text size="sm" c="red" data-testid="kit-part-error">
            {part.error || 'This file could not be rendered.'} Its credits were given back.
          </Text>
        )}
        {part.status === 'DELETED' && (
          <Text size="sm" c="dimmed">
            You deleted this video from your library.
          </Text>
        )}
        {(part.page_path || part.download_url) && (
          <Group gap="xs">
            {part.page_path && (
              <Anchor
                component={Link}
                to={part.page_path}
                size="sm"
                fw={600}
                data-testid="kit-part-page"
              >
                <Group gap={4} component="span">
                  Open in your library
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
            {part.download_url && (
              <Button
                component="a"
                href={part.download_url}
                download={part.file_name}
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                aria-label={`Download ${label}`}
                data-testid="kit-part-download"
              >
                Download
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
