import {
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconBrandYoutube, IconExternalLink, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { UploadEntry } from '../../api/publishing';
import { formatDate } from '../../lib/format';
import { publishProgressPath } from './publishing-paths';
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
            <Stack gap={4}>
              <Progress
                value={Math.max(percent, 2)}
                size="sm"
                radius="xl"
                striped
                animated
                aria-label={`${entry.title}: ${percent}% published`}
              />
              <Text size="xs" c="dimmed">
                {percent}% · {uploadBytesText(entry)}
              </Text>
            </Stack>
          )}
          {entry.yt_upload_status === 'FAILED' && entry.reason && (
            <Text size="sm" c="red" lineClamp={2}>
              {entry.reason}
            </Text>
          )}
          {entry.yt_upload_status === 'SUCCESS' && entry.youtube_url && (
            <Anchor
              href={entry.youtube_url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconBrandYoutube size={16} aria-hidden /> Watch on YouTube
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
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
      <Paper withBorder radius="lg" shadow="xs">
        <EmptyState
          py={40}
          px="md"
          variant="light"
          icon={<IconUpload size={26} />}
          title="Nothing published yet"
          description="Open any finished video in My Media and choose Publish to YouTube. Its upload shows here as it goes."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/media" variant="default">
              Go to My Media
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
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
