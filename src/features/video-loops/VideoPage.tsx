// /media/video-loop-extensions/{videoId}: one clip or loop: play, download, delete, how long it
// is kept, and (for a clip) the way to extend it.
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconRepeat, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { RetentionPolicy, UserVideo } from '../../../core/media/video-types';
import { deleteVideo, updateRetentionPolicy } from '../../api/videos';
import { formatDate, formatFileSize, formatLength } from '../../lib/format';
import { useOnline } from '../../lib/network';
import { OFFLINE_ACTION, OFFLINE_NOT_SAVED, OFFLINE_VIDEO_PAGE } from '../../lib/offline-messages';
import { onlineOnlyLink } from '../../lib/online-only-link';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { OfflineAlert } from '../../ui/OfflineAlert';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { PublishToYouTubeButton } from '../publishing';
import { videoStatus } from './VideoCard';
import { VIDEO_MESSAGES } from './video-messages';
import { forgetVideo, rememberVideo, useUserVideo } from './video-queries';

export const LOOPS_PATH = '/media/video-loop-extensions';

const RETENTION_LABELS: Record<RetentionPolicy, string> = {
  keep: 'Keep until I delete it',
  'delete-after-30-days': 'Delete 30 days after it was made',
};

export function BackToLoops() {
  return (
    <Anchor component={Link} to={LOOPS_PATH} size="sm" fw={600} mb="md" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> My video loops
      </Group>
    </Anchor>
  );
}

/** Download, once the video has a file; offline it says it needs a connection. */
export function DownloadButton({ video }: { video: UserVideo }) {
  const online = useOnline();
  if (!video.download_path) return null;
  return (
    <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
      <Button
        component="a"
        {...onlineOnlyLink(online, video.download_path)}
        download
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
      >
        Download
      </Button>
    </Tooltip>
  );
}

/** Length, size, frame rate, codec and dates of a video. */
export function VideoDetails({ video }: { video: UserVideo }) {
  const items: [string, string][] = [
    ['Length', formatLength(video.duration_seconds)],
    ['Size', video.width && video.height ? `${video.width} × ${video.height}` : '–'],
    ['Frame rate', video.fps ? `${Math.round(video.fps * 100) / 100} fps` : '–'],
    ['Codec', video.codec?.toUpperCase() ?? '–'],
    ['File size', video.file_size ? formatFileSize(video.file_size) : '–'],
    ['Made', formatDate(video.created_at)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text size="sm" fw={500}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A clip once processed, a loop once made: a finished file YouTube can take. */
const isPublishable = (video: UserVideo) =>
  video.video_path !== null &&
  video.processing_status === 'COMPLETE' &&
  (!video.is_task_output || video.task_status === 'SUCCESS');

export function VideoPage({ title, description }: { title: string; description: string }) {
  const { videoId = '' } = useParams({ strict: false }) as { videoId?: string };
  const online = useOnline();
  const navigate = useNavigate();
  const { video, missing } = useUserVideo(videoId);
  const [confirming, setConfirming] = useState(false);

  const setRetention = async (value: string | null) => {
    if (!video || !value) return;
    try {
      const changed = await updateRetentionPolicy(video.video_uuid, value as RetentionPolicy);
      toast.success(VIDEO_MESSAGES.retentionChanged);
      await rememberVideo(changed);
    } catch {
      toast.error(VIDEO_MESSAGES.retentionFailed);
    }
  };

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <BackToLoops />
      <PageHeader title={video?.file_name ?? title} description={description} />
      {!online && (
        <OfflineAlert mb="md">{video ? OFFLINE_VIDEO_PAGE : OFFLINE_NOT_SAVED}</OfflineAlert>
      )}
      {missing && (
        <Alert color="gray" variant="light" data-testid="video-not-found">
          {VIDEO_MESSAGES.notFound}
        </Alert>
      )}
      {video && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
          <Stack gap="lg">
            {video.video_path ? (
              <video
                // Offline the file cannot come: its picture stands.
                src={online ? video.video_path : undefined}
                poster={video.thumbnail_path ?? undefined}
                controls
                playsInline
                loop={!video.is_task_output}
                data-testid="video-player"
                style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}
              />
            ) : (
              <Alert color={video.error ? 'red' : 'violet'} variant="light">
                {video.error ?? `${videoStatus(video).label}…`}
              </Alert>
            )}
            <VideoDetails video={video} />
            <Select
              label="How long it is kept"
              data={Object.entries(RETENTION_LABELS).map(([value, label]) => ({ value, label }))}
              value={video.retention_policy}
              onChange={(value) => void setRetention(value)}
              allowDeselect={false}
              disabled={!online}
              description={
                video.expires_at
                  ? `It will be deleted on ${formatDate(video.expires_at)}.`
                  : 'Kept until you delete it.'
              }
              maw={360}
            />
            <Group gap="sm">
              {!video.is_task_output && video.processing_status === 'COMPLETE' && (
                <Button
                  component={Link}
                  to={`/media/create/video-loop-extensions/${video.video_uuid}`}
                  leftSection={<IconRepeat size={18} aria-hidden />}
                >
                  Extend this clip
                </Button>
              )}
              {isPublishable(video) && <PublishToYouTubeButton targetId={video.video_uuid} />}
              <DownloadButton video={video} />
              <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
                <Button
                  color="red"
                  variant="subtle"
                  disabled={!online}
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  Delete
                </Button>
              </Tooltip>
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDeleteDialog
        opened={confirming}
        title="Delete this video?"
        confirmLabel="Delete video"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await deleteVideo(videoId);
            toast.success(VIDEO_MESSAGES.deleted);
            await forgetVideo(videoId.toLowerCase());
            await navigate({ to: LOOPS_PATH });
            return true;
          } catch {
            toast.error(VIDEO_MESSAGES.deleteFailed);
            return false;
          }
        }}
      >
        {video?.file_name} and its file are deleted for good.
      </ConfirmDeleteDialog>
    </Container>
  );
}
