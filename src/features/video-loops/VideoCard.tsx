import { AspectRatio, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconMovie, IconRepeat } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { UserVideo } from '../../../core/media/video-types';
import { formatDate, formatFileSize, formatLength } from '../../lib/format';

/** Where a video stands, for people. */
export function videoStatus(video: UserVideo): { label: string; color: string } {
  if (video.is_task_output) {
    if (video.task_status === 'SUCCESS') return { label: 'Ready', color: 'teal' };
    if (video.task_status === 'FAILED') return { label: 'Failed', color: 'red' };
    return { label: `Looping ${Math.floor(video.percent_complete)} %`, color: 'violet' };
  }
  if (video.processing_status === 'COMPLETE') return { label: 'Clip', color: 'gray' };
  if (video.processing_status === 'FAILED') return { label: 'Failed', color: 'red' };
  return { label: 'Processing', color: 'violet' };
}

export const videoPagePath = (video: UserVideo) =>
  video.is_task_output && video.task_status === 'PROGRESSING'
    ? `/media/progress/video-loop-extensions/${video.video_uuid}`
    : `/media/video-loop-extensions/${video.video_uuid}`;

/** A clip or a loop in the list: its thumbnail, name, length, size and state. */
export function VideoCard({ video }: { video: UserVideo }) {
  const status = videoStatus(video);
  const Icon = video.is_task_output ? IconRepeat : IconMovie;
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      shadow="xs"
      component={Link}
      to={videoPagePath(video)}
      aria-label={`Open ${video.file_name}`}
      data-testid="video-card"
      data-kind={video.is_task_output ? 'loop' : 'clip'}
      data-status={video.task_status ?? video.processing_status}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 9} bg="dark.8">
          {video.thumbnail_path ? (
            <img
              src={video.thumbnail_path}
              alt=""
              style={{ objectFit: 'contain' }}
              loading="lazy"
            />
          ) : (
            <Group justify="center" c="gray.5">
              <Icon size={32} stroke={1.5} aria-hidden />
            </Group>
          )}
        </AspectRatio>
        {video.is_task_output && video.task_status === 'PROGRESSING' && (
          <Progress value={Math.max(2, video.percent_complete)} size="sm" radius={0} animated />
        )}
      </Card.Section>
      <Stack gap={4} p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={650} truncate="end" title={video.file_name}>
            {video.file_name}
          </Text>
          <Badge color={status.color} variant="light" style={{ flex: 'none' }}>
            {status.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            formatLength(video.duration_seconds),
            video.width && video.height ? `${video.width} × ${video.height}` : null,
            video.file_size ? formatFileSize(video.file_size) : null,
            formatDate(video.created_at),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {video.error && (
          <Text size="xs" c="red" lineClamp={2}>
            {video.error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
