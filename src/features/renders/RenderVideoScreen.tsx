import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { PublishToYouTubeButton, StaticUploadStatus } from '../publishing';
import { OFFLINE_ACTION, OFFLINE_VIDEO_PAGE } from '../../lib/offline-messages';
import { onlineOnlyLink } from '../../lib/online-only-link';
import { useOnline } from '../../lib/network';
import { RENDER_TEXT, renderName, type CachedRenderRow, type RenderKind } from './render-kinds';
import { useRenderProgress } from './render-queries';
import { RenderDetails } from './RenderDetails';
import { RenderFailure, RenderProgressCard } from './RenderProgressCard';
import { RenderLoading, RenderNotFound } from './RenderStates';
import { RenderStatusBadge } from './RenderStatusBadge';
import classes from './renders.module.css';
import { useDeleteRender } from './use-delete-render';
import { OfflineAlert } from '../../ui/OfflineAlert';

function VideoPlayer({ row, online }: { row: CachedRenderRow; online: boolean }) {
  const { width, height } = row.info.configuration;
  if (!row.info.video_url) return null;
  return (
    // As wide as the video fits in 72 % of the screen's height, centred: no black side bars.
    <div
      className={classes.videoFrame}
      style={{ maxWidth: `calc(72vh * ${width / height})`, marginInline: 'auto', width: '100%' }}
    >
      <video
        className={classes.video}
        // Offline the file cannot come: its picture stands (the page says playing needs a
        // connection).
        src={online ? row.info.video_url : undefined}
        poster={row.info.thumbnail_image ?? undefined}
        controls
        playsInline
        preload="metadata"
        width={width}
        height={height}
        style={{ aspectRatio: `${width} / ${height}`, height: 'auto' }}
        data-testid="render-video"
        aria-label={renderName(row.info)}
      />
    </div>
  );
}

/** /media/visualizers/{videoId} and /media/single-frame-videos/{videoId}: watch, download, delete. */
export function RenderVideoScreen({
  kind,
  title,
  description,
}: {
  kind: RenderKind;
  title: string;
  description: string;
}) {
  const { videoId = '' } = useParams({ strict: false }) as { videoId?: string };
  const online = useOnline();
  const navigate = useNavigate();
  const state = useRenderProgress(kind, videoId);
  const text = RENDER_TEXT[kind];
  const deletion = useDeleteRender(() => void navigate({ to: text.listPath }));
  const row = state.notFound ? null : state.row;

  // Finished videos can be published; a single-frame video also while it renders (it uploads
  // once ready).
  const publishable =
    row !== null &&
    (row.phase === 'ready' || (kind === 'single-frame' && row.phase === 'rendering'));
  const uploadSide = row && kind === 'single-frame' && row.phase !== 'failed' && (
    <StaticUploadStatus
      videoUuid={row.upload_uuid}
      uploadStatus={row.upload_status}
      ytUpload={row.yt_upload}
    />
  );

  const actions = row && (
    <Group gap="sm">
      {publishable && <PublishToYouTubeButton targetId={row.upload_uuid} />}
      {row.phase === 'ready' && row.info.download_url && (
        <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
          <Button
            component="a"
            {...onlineOnlyLink(online, row.info.download_url)}
            download
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Download
          </Button>
        </Tooltip>
      )}
      <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          disabled={!online}
          onClick={() => deletion.ask(row)}
        >
          Delete
        </Button>
      </Tooltip>
    </Group>
  );

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <Anchor component={Link} to={text.listPath} size="sm" fw={600} mb="md" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> My {text.plural}
        </Group>
      </Anchor>
      <PageHeader
        title={row ? renderName(row.info) : title}
        description={row ? `${text.noun} · ${row.info.template_title}` : description}
        eyebrow={
          row ? <RenderStatusBadge phase={row.phase} percent={row.percent_complete} /> : undefined
        }
      />
      <Stack gap="lg">
        {!online && row && <OfflineAlert>{OFFLINE_VIDEO_PAGE}</OfflineAlert>}
        {state.notFound ? (
          <RenderNotFound kind={kind} />
        ) : !row ? (
          <RenderLoading online={online} />
        ) : row.phase === 'ready' ? (
          <>
            <VideoPlayer row={row} online={online} />
            <Group justify="space-between" align="center" gap="md">
              <Title order={2} fz="lg">
                Details
              </Title>
              {actions}
            </Group>
            <Paper withBorder radius="lg" p="lg" shadow="xs">
              <RenderDetails row={row} />
            </Paper>
            {uploadSide}
          </>
        ) : (
          <>
            {row.phase === 'rendering' ? (
              <RenderProgressCard row={row} showWatch={false} />
            ) : (
              <>
                <RenderFailure row={row} />
                <Paper withBorder radius="lg" p="lg" shadow="xs">
                  <RenderDetails row={row} />
                </Paper>
              </>
            )}
            <Group justify="space-between" gap="md">
              <Text size="sm" c="dimmed">
                {row.phase === 'rendering'
                  ? 'Deleting it stops the render and returns its credit.'
                  : 'Remove it from your videos.'}
              </Text>
              {actions}
            </Group>
            {uploadSide}
          </>
        )}
      </Stack>
      {deletion.dialog}
    </Container>
  );
}
