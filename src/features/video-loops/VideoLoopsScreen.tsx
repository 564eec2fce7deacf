// /media/video-loop-extensions: the user's loops and clips, and the way to add a clip (trimmed in
// the browser when the user sets loop points) and to extend one.
import { Button, FileButton, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCEPTED_VIDEO } from '../../../core/media/media-limits';
import { useOnline } from '../../lib/network';
import { MediaFrame } from '../../ui/MediaFrame';
import { UploadQueueList } from '../uploads';
import { useUploads } from '../library';
import { ClipUploadDialog } from './ClipUploadDialog';
import { VideoCard } from './VideoCard';
import { VIDEO_MESSAGES } from './video-messages';
import { useUserVideos } from './video-queries';

const ACCEPT = ACCEPTED_VIDEO.flatMap((type) => [
  type.mimetype,
  ...type.extensions.map((extension) => `.${extension}`),
]).join(',');

export function VideoLoopsScreen({ title, description }: { title: string; description: string }) {
  const online = useOnline();
  const { videos, loaded, fetchedAt, status, refresh } = useUserVideos();
  const uploads = useUploads('video');
  const [chosen, setChosen] = useState<File | null>(null);
  const loops = (videos ?? []).filter((video) => video.is_task_output);
  const clips = (videos ?? []).filter((video) => !video.is_task_output);

  const upload = (
    <FileButton onChange={setChosen} accept={ACCEPT} inputProps={{ 'aria-label': 'Upload a clip' }}>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
          Upload a clip
        </Button>
      )}
    </FileButton>
  );

  return (
    <MediaFrame
      title={title}
      description={description}
      actions={upload}
      online={online}
      failed={status.failed}
      refreshing={status.refreshing}
      onRetry={() => void refresh()}
      offlineNotice={VIDEO_MESSAGES.offlineNotice}
      savedAt={fetchedAt}
      refreshFailed={VIDEO_MESSAGES.refreshFailed}
    >
      <Stack gap="xl">
        {uploads.rows.length > 0 && (
          <UploadQueueList
            rows={uploads.rows}
            online={online}
            onCancel={uploads.cancel}
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
          />
        )}
        {videos === null && loaded && !online ? (
          <Text c="dimmed" data-testid="videos-not-saved">
            {VIDEO_MESSAGES.notSaved}
          </Text>
        ) : videos === null ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={220} radius="lg" />
            ))}
          </SimpleGrid>
        ) : videos.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" data-testid="videos-empty">
            <Title order={2} fz="lg">
              No clips yet
            </Title>
            <Text c="dimmed" ta="center" maw={480}>
              Upload a short clip (MP4, MOV or WebM, up to 10 minutes). Set its loop points, and
              extend it to the length of a track or a livestream, without losing quality.
            </Text>
            {upload}
          </Stack>
        ) : (
          <>
            <section aria-label="Your loops">
              <Title order={2} fz="lg" mb="sm">
                Your loops{' '}
                <Text span c="dimmed" fz="sm">
                  {loops.length}
                </Text>
              </Title>
              {loops.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Open a clip below and choose Extend to make your first loop.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                  {loops.map((video) => (
                    <VideoCard key={video.video_uuid} video={video} />
                  ))}
                </SimpleGrid>
              )}
            </section>
            <section aria-label="Your clips">
              <Title order={2} fz="lg" mb="sm">
                Your clips{' '}
                <Text span c="dimmed" fz="sm">
                  {clips.length}
                </Text>
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                {clips.map((video) => (
                  <VideoCard key={video.video_uuid} video={video} />
                ))}
              </SimpleGrid>
            </section>
          </>
        )}
      </Stack>
      <ClipUploadDialog
        file={chosen}
        onClose={() => setChosen(null)}
        onUpload={(file) => {
          setChosen(null);
          uploads.add([file], 'video');
        }}
      />
    </MediaFrame>
  );
}
