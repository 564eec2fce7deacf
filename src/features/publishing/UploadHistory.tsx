import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { UploadEntry } from '../../api/publishing';
import { formatDate } from '../../lib/format';
import { EmptyPanel } from './EmptyPanel';
import { publishProgressPath } from './publishing-paths';
import { UploadFailureReason, UploadProgressBar, WatchOnYouTubeLink } from './UploadEntryParts';
import { UploadStatusBadge } from './UploadStatusBadge';
import { PRIVACY_LABELS, uploadBytesText, uploadPercent } from './upload-words';
import { VideoThumbnail } from './VideoThumbnail';

function UploadRow({ entry }: { entry: UploadEntry }) {
  const percent = uploadPercent(entry);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="upload-entry">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Box w={{ base: 96, sm: 144 }} style={{ flex: 'none' }}>
          <VideoThumbnail src={entry.thumbnail_url} label={entry.title} />
        </Box>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Anchor
              component={Link}
              to={publishProgressPath(entry.entry_uuid)}
              fw={650}
              c="inherit"
              lineClamp={2}
            >
              {entry.title}
            </Anchor>
            <UploadStatusBadge status={entry.yt_upload_status} />
          </Group>
          <Text size="xs" c="dimmed">
            {entry.channel_title} · {PRIVACY_LABELS[entry.privacy]} · {formatDate(entry.created_at)}
          </Text>
          {entry.yt_upload_status === 'PENDING' && (
            <UploadProgressBar
              percent={percent}
              label={`${entry.title}: ${percent}% published`}
              caption={`${percent}% · ${uploadBytesText(entry)}`}
            />
          )}
          {entry.yt_upload_status === 'FAILED' && entry.reason && (
            <UploadFailureReason reason={entry.reason} lineClamp={2} />
          )}
          {entry.yt_upload_status === 'SUCCESS' && entry.youtube_url && (
            <WatchOnYouTubeLink url={entry.youtube_url} />
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The user's uploads to YouTube, newest first, PENDING ones with their progress. */
export function UploadHistory({ uploads }: { uploads: readonly UploadEntry[] | null }) {
  if (uploads === null) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton radius="md" h={96} />
        <Skeleton radius="md" h={96} />
      </Stack>
    );
  }
  if (uploads.length === 0) {
    return (
      <EmptyPanel
        icon={<IconUpload size={26} />}
        title="Nothing published yet"
        description="Open any finished video in My Media and choose Publish to YouTube. Its upload shows here as it goes."
        actions={
          <Button component={Link} to="/media" variant="default">
            Go to My Media
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {uploads.map((entry) => (
        <UploadRow key={entry.entry_uuid} entry={entry} />
      ))}
    </Stack>
  );
}
