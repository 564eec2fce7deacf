import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../lib/network';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { onlineOnlyLink } from '../../lib/online-only-link';
import { ProgressMeter } from '../../ui/ProgressMeter';
import { PublishToYouTubeButton } from '../publishing';
import { RENDER_TEXT, renderName, type CachedRenderRow } from './render-kinds';
import { RENDER_MESSAGES } from './render-messages';
import { RenderDetails } from './RenderDetails';
import { RenderStatusBadge } from './RenderStatusBadge';
import { RenderThumbnail } from './RenderThumbnail';
import classes from './renders.module.css';

/** Why a render failed, that its credit came back, and the way to try again. */
export function RenderFailure({ row }: { row: CachedRenderRow }) {
  const text = RENDER_TEXT[row.kind];
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title="This render failed"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="render-failed"
    >
      <Stack gap="sm">
        <Text size="sm">{row.info.error || RENDER_MESSAGES.failedFallback}</Text>
        <Text size="sm" fw={600}>
          {RENDER_MESSAGES.creditReturned}
        </Text>
        <Group>
          <Button
            component={Link}
            to={text.createPath(row.info.configuration.template)}
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            Try again
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * A render as it goes: the picture (the thumbnail once finished), a progress bar with the percent
 * and the time remaining, what is being made, and what to do next.
 */
export function RenderProgressCard({
  row,
  showWatch = true,
}: {
  row: CachedRenderRow;
  /** The link to the video page once ready (not on the video page itself). */
  showWatch?: boolean;
}) {
  const online = useOnline();
  const text = RENDER_TEXT[row.kind];
  const name = renderName(row.info);
  const { width, height } = row.info.configuration;
  const percent = row.phase === 'ready' ? 100 : Math.min(100, Math.max(0, row.percent_complete));
  const portrait = height > width;
  // A Canvas has no video page of its own: once ready, it loops right here.
  const playsHere = row.kind === 'canvas' && row.phase === 'ready' && !!row.info.video_url;

  return (
    <Paper
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      data-testid="render-status-card"
      data-phase={row.phase}
    >
      <Group align="stretch" gap="xl" wrap="wrap">
        <Box w={{ base: '100%', sm: portrait ? 220 : 360 }} maw="100%" mx={{ base: 'auto', sm: 0 }}>
          <AspectRatio ratio={width / height} className={classes.stage}>
            {playsHere ? (
              <video
                // Offline the file cannot come: its picture stands.
                src={online ? row.info.video_url! : undefined}
                poster={row.info.thumbnail_image ?? undefined}
                className={classes.thumb}
                controls
                autoPlay
                muted
                loop
                playsInline
                aria-label={`${name}, playing as it loops`}
                data-testid="render-inline-video"
              />
            ) : (
              <RenderThumbnail row={row} label={`${name}, first look`} showPercent={false} />
            )}
          </AspectRatio>
        </Box>
        <Stack gap="md" style={{ flex: '1 1 320px' }} miw={0}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.6}>
                {text.noun}
              </Text>
              <Title order={2} fz={{ base: 'lg', sm: 'xl' }} lineClamp={2}>
                {name}
              </Title>
            </Stack>
            <RenderStatusBadge phase={row.phase} />
          </Group>

          {row.phase !== 'failed' && (
            <ProgressMeter
              percent={percent}
              state={row.phase === 'ready' ? 'done' : 'working'}
              timeText={
                row.phase === 'ready' ? 'Done' : row.time_remaining_hr || 'Getting started…'
              }
              testIds={{ percent: 'render-percent', time: 'render-time-remaining' }}
            />
          )}

          <RenderDetails row={row} compact />

          {row.phase === 'rendering' && (
            <Text size="sm" c="dimmed">
              {RENDER_MESSAGES.leaveAnyTime}
            </Text>
          )}
          {row.phase === 'ready' && showWatch && (
            <Stack gap="xs">
              <Text fw={600} c="teal">
                Your video is ready.
              </Text>
              <Group gap="sm">
                {!playsHere && (
                  <Button
                    component={Link}
                    to={text.videoPath(row.upload_uuid)}
                    size="md"
                    leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  >
                    Watch your video
                  </Button>
                )}
                {row.info.download_url && (
                  <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
                    <Button
                      component="a"
                      {...onlineOnlyLink(online, row.info.download_url)}
                      download
                      size="md"
                      variant="default"
                      leftSection={<IconDownload size={18} aria-hidden />}
                    >
                      Download
                    </Button>
                  </Tooltip>
                )}
                {/* A Canvas's page is this one: it is published from here. */}
                {row.kind === 'canvas' && (
                  <PublishToYouTubeButton targetId={row.upload_uuid} size="md" />
                )}
              </Group>
            </Stack>
          )}
          {row.phase === 'failed' && <RenderFailure row={row} />}
        </Stack>
      </Group>
    </Paper>
  );
}
