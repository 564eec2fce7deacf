// A track's page lists every video made from it, of every kind (a release kit's parts among
// them, each linked to its kit), from this device's saved renders, fetched when stale.
import {
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { getDatabase } from '../../db/database';
import { formatDate, formatLength } from '../../lib/format';
import { useLiveQuery } from '../../lib/use-live-query';
import { KitPartLink } from './KitPartLink';
import { RENDER_TEXT, renderName, type CachedRenderRow, type RenderKind } from './render-kinds';
import { useRenderSync } from './render-queries';
import { newestFirst } from './render-sync';
import { RenderStatusBadge } from './RenderStatusBadge';
import { RenderThumbnail } from './RenderThumbnail';
import classes from './renders.module.css';

const KINDS: readonly RenderKind[] = ['visualizer', 'single-frame', 'canvas', 'particles'];

function TrackVideo({ row }: { row: CachedRenderRow }) {
  const text = RENDER_TEXT[row.kind];
  const name = renderName(row.info);
  const waiting = row.phase === 'rendering' && row.info.started_at === null;
  const { width, height } = row.info.configuration;
  const to =
    row.phase === 'rendering'
      ? text.progressPath(row.upload_uuid)
      : text.videoPath(row.upload_uuid);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="track-video" data-kind={row.kind}>
      <Group gap="md" wrap="nowrap" align="center">
        <UnstyledButton
          component={Link}
          to={to}
          aria-label={`Open ${name}`}
          style={{ flex: 'none' }}
        >
          <Box w={96} h={54} className={classes.thumbFrame} style={{ borderRadius: 8 }}>
            <RenderThumbnail row={row} showPercent={false} />
          </Box>
        </UnstyledButton>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={650} size="sm" truncate="end">
            <Link to={to} style={{ color: 'inherit', textDecoration: 'none' }}>
              {name}
            </Link>
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {text.noun} · {width}×{height} · {formatLength(row.info.duration_seconds)} ·{' '}
            {formatDate(row.created_at)}
          </Text>
          {row.info.release_kit && <KitPartLink kit={row.info.release_kit} />}
        </Stack>
        <Box style={{ flex: 'none' }}>
          <RenderStatusBadge phase={row.phase} percent={row.percent_complete} waiting={waiting} />
        </Box>
      </Group>
    </Paper>
  );
}

export function TrackVideos({ audioUuid }: { audioUuid: string }) {
  const { sync, userUuid } = useRenderSync();
  useEffect(() => {
    if (!userUuid) return;
    for (const kind of KINDS) void sync.refresh(kind).then(() => sync.poll(kind));
  }, [sync, userUuid]);
  const query = useCallback(
    async () =>
      newestFirst(
        (await getDatabase().renders.toArray()).filter((row) => row.info.audio_uuid === audioUuid),
      ),
    [audioUuid],
  );
  const videos = useLiveQuery(query).value;

  return (
    <section aria-labelledby="track-videos-title">
      <Title order={2} fz="lg" mt={40} mb="md" id="track-videos-title">
        Videos made from this track
      </Title>
      {videos === undefined ? (
        <Skeleton h={96} radius="lg" aria-busy />
      ) : videos.length > 0 ? (
        <Stack gap="sm" data-testid="track-videos">
          {videos.map((row) => (
            <TrackVideo key={row.key} row={row} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg" shadow="xs">
          <EmptyState
            py={40}
            px="md"
            icon={<IconMovie size={28} />}
            title="No videos yet"
            description="Visualizers, static music videos and Canvas loops you make from this track will be listed here."
          >
            <EmptyState.Actions>
              <Button component={Link} to="/music-visualizer-creator" variant="light">
                Make a music visualizer
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
    </section>
  );
}
