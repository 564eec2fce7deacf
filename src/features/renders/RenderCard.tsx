import {
  ActionIcon,
  AspectRatio,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatDate, formatLength } from '../../lib/format';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { onlineOnlyLink } from '../../lib/online-only-link';
import { RENDER_TEXT, renderName, renderTrackName, type CachedRenderRow } from './render-kinds';
import { KitPartLink } from './KitPartLink';
import { RenderStatusBadge } from './RenderStatusBadge';
import { RenderThumbnail } from './RenderThumbnail';
import classes from './renders.module.css';

/** One render in a list: picture, name, template, track, date, status; opens its page. */
export function RenderCard({
  row,
  online,
  onDelete,
}: {
  row: CachedRenderRow;
  online: boolean;
  onDelete: (row: CachedRenderRow) => void;
}) {
  const text = RENDER_TEXT[row.kind];
  const name = renderName(row.info);
  const to =
    row.phase === 'rendering'
      ? text.progressPath(row.upload_uuid)
      : text.videoPath(row.upload_uuid);
  const { width, height } = row.info.configuration;
  // Not started: it waits for a render slot or a worker (older saved rows do not say).
  const waiting = row.phase === 'rendering' && row.info.started_at === null;

  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      shadow="xs"
      data-testid="render-card"
      data-phase={row.phase}
    >
      {/* Named by its text (what a voice user sees and says): "Open <name>" and, while it
          renders, the percent on the picture. */}
      <Link to={to} className={classes.cardLink}>
        <VisuallyHidden>Open {name}</VisuallyHidden>
        <Card.Section className={classes.thumbFrame}>
          <AspectRatio ratio={row.kind === 'canvas' ? 9 / 16 : 16 / 9}>
            <RenderThumbnail row={row} showPercent={!waiting} />
          </AspectRatio>
          {row.phase === 'rendering' && !waiting && (
            <Progress
              className={classes.overlayBar}
              value={Math.max(2, row.percent_complete)}
              size="sm"
              radius={0}
              animated
              aria-label={`${name}: ${Math.floor(row.percent_complete)}% rendered`}
            />
          )}
        </Card.Section>
      </Link>
      <Stack gap={6} p="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={650} truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {row.info.template_title} · {width}×{height}
            </Text>
          </Stack>
          <Group gap={2} wrap="nowrap">
            {row.phase === 'ready' && row.info.download_url && (
              <Tooltip
                label={online ? 'Download' : OFFLINE_ACTION}
                multiline
                w={online ? undefined : 220}
              >
                <ActionIcon
                  component="a"
                  {...onlineOnlyLink(online, row.info.download_url)}
                  download
                  variant="subtle"
                  color="gray"
                  aria-label={`Download ${name}`}
                >
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip
              label={online ? 'Delete' : OFFLINE_ACTION}
              multiline
              w={online ? undefined : 220}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Delete ${name}`}
                disabled={!online}
                onClick={() => onDelete(row)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {row.info.release_kit && <KitPartLink kit={row.info.release_kit} />}
        <Text size="sm" truncate="end" title={row.info.audio_file_name}>
          {!row.info.audio_file_name ? (
            <Text span size="sm" c="dimmed">
              Loop
            </Text>
          ) : name === renderTrackName(row.info) ? (
            <Text span size="sm" c="dimmed">
              Length
            </Text>
          ) : (
            <>♪ {renderTrackName(row.info)}</>
          )}{' '}
          <Text span size="xs" c="dimmed">
            {formatLength(row.info.duration_seconds)}
          </Text>
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatDate(row.created_at)}
          </Text>
          <RenderStatusBadge phase={row.phase} percent={row.percent_complete} waiting={waiting} />
        </Group>
        {row.phase === 'rendering' && row.time_remaining_hr && (
          <Text size="xs" c="dimmed">
            {row.time_remaining_hr}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
