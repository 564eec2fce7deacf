// /media/upload/{entryId}/progress: one upload to YouTube followed every 5 s (spec 9) until it
// is published (with the link to it) or failed (with why, and the way to try again).
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandYoutube,
  IconCircleCheck,
  IconCloudOff,
  IconExternalLink,
  IconPlugConnectedX,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import type { UploadEntry } from '../../api/publishing';
import { useOnline } from '../../lib/network';
import { PageHeader } from '../../ui/PageHeader';
import { BackLink } from './BackLink';
import { EmptyPanel } from './EmptyPanel';
import { CONNECTED_ACCOUNTS_PATH, publishPath } from './publishing-paths';
import { TARGET_NOUNS } from './target-words';
import { UploadStatusBadge } from './UploadStatusBadge';
import { formatDateTime, PRIVACY_LABELS, uploadBytesText, uploadPercent } from './upload-words';
import { useUploadStatuses } from './use-upload-statuses';
import { VideoThumbnail } from './VideoThumbnail';

/** What became of the chosen thumbnail: null (none, or not yet), 'SET', or why not. */
function thumbnailText(entry: UploadEntry): string | null {
  if (entry.thumbnail_result === null) return null;
  if (entry.thumbnail_result === 'SET') return 'Your thumbnail is set.';
  return `Your thumbnail was not set: ${entry.thumbnail_result}`;
}

/** What became of the lyrics' caption track: null (none asked for, or not yet), 'SET', or why not. */
function captionsText(entry: UploadEntry): string | null {
  if (entry.captions_result === null) return null;
  if (entry.captions_result === 'SET')
    return 'Captions added: the lyrics are on YouTube as a caption track.';
  return entry.captions_result;
}

function PendingPart({ entry }: { entry: UploadEntry }) {
  const percent = uploadPercent(entry);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={750} fz={28} lh={1} data-testid="upload-percent">
          {percent}%
        </Text>
        <Text size="sm" c="dimmed" data-testid="upload-bytes">
          {uploadBytesText(entry)}
        </Text>
      </Group>
      <Progress
        value={Math.max(percent, 2)}
        size="lg"
        radius="xl"
        striped
        animated
        aria-label={`${percent}% sent to YouTube`}
      />
      <Text size="sm" c="dimmed">
        {entry.bytes_total === null && entry.bytes_sent === 0
          ? 'The upload starts in a moment (a video still rendering starts once it is ready).'
          : 'Sending your video to YouTube.'}{' '}
        You can leave this page: the upload carries on.
      </Text>
    </Stack>
  );
}

function SuccessPart({ entry }: { entry: UploadEntry }) {
  const thumbnail = thumbnailText(entry);
  const captions = captionsText(entry);
  return (
    <Stack gap="sm" data-testid="upload-published">
      <Group gap="xs">
        <IconCircleCheck size={24} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={3} fz="lg" c="teal">
          Published on YouTube
        </Title>
      </Group>
      {entry.publish_at && (
        <Text size="sm">
          It stays private until {formatDateTime(entry.publish_at)}, when YouTube makes it public.
        </Text>
      )}
      {thumbnail && (
        <Text size="sm" c={entry.thumbnail_result === 'SET' ? undefined : 'orange'}>
          {thumbnail}
        </Text>
      )}
      {captions && (
        <Text size="sm" c={entry.captions_result === 'SET' ? undefined : 'orange'}>
          {captions}
        </Text>
      )}
      {entry.youtube_url && (
        <Group>
          <Button
            component="a"
            href={entry.youtube_url}
            target="_blank"
            rel="noopener noreferrer"
            color="red"
            leftSection={<IconBrandYoutube size={18} aria-hidden />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            Watch on YouTube
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function FailedPart({ entry }: { entry: UploadEntry }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title="Publishing failed"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="upload-failed"
    >
      <Stack gap="sm">
        <Text size="sm">{entry.reason || 'YouTube did not take this upload.'}</Text>
        <Group>
          <Button
            component={Link}
            to={publishPath(entry.target_uuid)}
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

function UploadCard({ entry }: { entry: UploadEntry }) {
  return (
    <Paper
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      data-testid="upload-card"
      data-status={entry.yt_upload_status}
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Box w={{ base: '100%', sm: 280 }} maw="100%">
          <VideoThumbnail src={entry.thumbnail_url} label={`${entry.title}, thumbnail`} />
        </Box>
        <Stack gap="md" style={{ flex: '1 1 300px' }} miw={0}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.6}>
                {TARGET_NOUNS[entry.target_kind]} · {PRIVACY_LABELS[entry.privacy]}
              </Text>
              <Title order={2} fz={{ base: 'lg', sm: 'xl' }} lineClamp={2}>
                {entry.title}
              </Title>
              <Text size="sm" c="dimmed">
                To {entry.channel_title}
              </Text>
            </Stack>
            <UploadStatusBadge status={entry.yt_upload_status} />
          </Group>
          {entry.yt_upload_status === 'PENDING' && <PendingPart entry={entry} />}
          {entry.yt_upload_status === 'SUCCESS' && <SuccessPart entry={entry} />}
          {entry.yt_upload_status === 'FAILED' && <FailedPart entry={entry} />}
        </Stack>
      </Group>
    </Paper>
  );
}

function UploadNotFound() {
  return (
    <EmptyPanel
      roomy
      testId="upload-not-found"
      icon={<IconUpload size={28} />}
      title="This upload cannot be found"
      description="It may have been removed, or the link is not quite right. Your uploads to YouTube are listed under Connected accounts."
      actions={
        <>
          <Button component={Link} to={CONNECTED_ACCOUNTS_PATH}>
            Connected accounts
          </Button>
          <Button component={Link} to="/media" variant="default">
            My Media
          </Button>
        </>
      }
    />
  );
}

export function PublishProgressScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const { entryId = '' } = useParams({ strict: false }) as { entryId?: string };
  const online = useOnline();
  const { items, problem } = useUploadStatuses([entryId]);
  const item = items.get(entryId) ?? null;

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <BackLink to={CONNECTED_ACCOUNTS_PATH}>Connected accounts</BackLink>
      <PageHeader title={title} description={description} />
      <Stack gap="md">
        {!online && (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            icon={<IconCloudOff size={20} aria-hidden />}
          >
            You are offline. The upload goes on without you; this page catches up once you are back
            online.
          </Alert>
        )}
        {online && problem && (
          <Alert
            color="yellow"
            variant="light"
            radius="md"
            icon={<IconPlugConnectedX size={20} aria-hidden />}
          >
            {problem}
          </Alert>
        )}
        {item === null ? (
          <Stack gap="md" aria-busy>
            <Skeleton radius="lg" h={200} />
            <Skeleton radius="md" h={24} w="60%" />
          </Stack>
        ) : item.yt_upload_status === 'NotFound' || !item.entry ? (
          <UploadNotFound />
        ) : (
          <UploadCard entry={{ ...item.entry, yt_upload_status: item.yt_upload_status }} />
        )}
      </Stack>
    </Container>
  );
}
