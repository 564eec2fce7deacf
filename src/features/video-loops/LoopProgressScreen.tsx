// /media/progress/video-loop-extensions/{videoId}: the loop as it is made (polled every 5 s),
// then the loop itself with Download, or why it failed.
import { Alert, Button, Container, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { BackToLoops, DownloadButton, VideoDetails } from './VideoPage';
import { useLoopTask, useSavedVideo } from './video-queries';

export function LoopProgressScreen({ title, description }: { title: string; description: string }) {
  const { videoId = '' } = useParams({ strict: false }) as { videoId?: string };
  const { task, problem, online } = useLoopTask(videoId);
  // Until the first answer (and offline), the loop as last saved on this device.
  const saved = useSavedVideo(videoId);
  const video = task?.video ?? saved;
  const status = task?.status ?? saved?.task_status ?? null;
  const percent =
    status === 'SUCCESS' ? 100 : Math.floor(task?.percent_complete ?? saved?.percent_complete ?? 0);
  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <BackToLoops />
      <PageHeader title={title} description={description} />
      {!online && (
        <Alert color="orange" variant="light" mb="md">
          You are offline: the progress shows again once you are back online.
        </Alert>
      )}
      {problem && (
        <Alert color="yellow" variant="light" mb="md">
          {problem}
        </Alert>
      )}
      {status === 'NotFound' && (
        <Alert color="gray" variant="light" data-testid="loop-not-found">
          This loop does not exist, or it was deleted.
        </Alert>
      )}
      {video && (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          shadow="sm"
          data-testid="loop-status-card"
          data-status={status ?? undefined}
        >
          <Stack gap="md">
            <Text fw={650} size="lg">
              {video.file_name}
            </Text>
            {status !== 'FAILED' && (
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text fw={750} fz={28} lh={1} data-testid="loop-percent">
                    {percent}%
                  </Text>
                  <Text size="sm" c="dimmed">
                    {status === 'SUCCESS' ? 'Done' : 'Repeating your clip…'}
                  </Text>
                </Group>
                <Progress
                  value={Math.max(percent, 2)}
                  size="lg"
                  radius="xl"
                  color={status === 'SUCCESS' ? 'teal' : undefined}
                  animated={status === 'PROGRESSING'}
                  striped={status === 'PROGRESSING'}
                  aria-label={`${percent}% done`}
                />
              </Stack>
            )}
            {status === 'SUCCESS' && video.video_path && (
              <video
                src={online ? video.video_path : undefined}
                poster={video.thumbnail_path ?? undefined}
                controls
                playsInline
                data-testid="loop-player"
                style={{ width: '100%', maxHeight: '56vh', background: '#000', borderRadius: 8 }}
              />
            )}
            <VideoDetails video={video} />
            {status === 'SUCCESS' && (
              <Group gap="sm">
                <Button
                  component={Link}
                  to={`/media/video-loop-extensions/${video.video_uuid}`}
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                >
                  Open the loop
                </Button>
                <DownloadButton video={video} />
              </Group>
            )}
            {status === 'FAILED' && (
              <Alert color="red" variant="light" title="This loop failed" data-testid="loop-failed">
                <Stack gap="sm">
                  <Text size="sm">{video.error}</Text>
                  {video.source_video_uuid && (
                    <Group>
                      <Button
                        component={Link}
                        to={`/media/create/video-loop-extensions/${video.source_video_uuid}`}
                        color="red"
                        leftSection={<IconRefresh size={16} aria-hidden />}
                      >
                        Try again
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
