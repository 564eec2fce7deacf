// /media/upload/{targetId}: one video (its picture or player) beside the form that publishes it
// to a linked channel. A video still rendering (single-frame) can be published and uploads when
// its render finishes; a failed one cannot.
import {
  Alert,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockPlay, IconMovieOff } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { failureOf } from '../../api/api-error';
import type { LinkedChannel, PublishTarget } from '../../api/publishing';
import { formatLength } from '../../lib/format';
import { useOnline } from '../../lib/network';
import { PageHeader } from '../../ui/PageHeader';
import { BackLink } from './BackLink';
import { useLinkedChannels } from './channel-data';
import { ConnectChannelFirst } from './ConnectChannelFirst';
import { EmptyPanel } from './EmptyPanel';
import { LoadProblem } from './LoadProblem';
import { OfflineNotice } from './OfflineNotice';
import { usePublishTarget } from './publish-target-data';
import { CONNECTED_ACCOUNTS_PATH } from './publishing-paths';
import classes from './publishing.module.css';
import { TARGET_NOUNS } from './target-words';
import { UploadForm } from './UploadForm';
import { VideoThumbnail } from './VideoThumbnail';
import { YouTubeNotConfigured } from './YouTubeNotConfigured';

/** The video being published: its player (or picture), kind, name and length. */
function TargetPreview({ target }: { target: PublishTarget }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Stack gap="sm">
        {target.video_url && target.state === 'ready' ? (
          <video
            className={classes.video}
            src={target.video_url}
            poster={target.thumbnail_url ?? undefined}
            controls
            playsInline
            preload="metadata"
            aria-label={target.title}
            data-testid="publish-target-video"
          />
        ) : (
          <VideoThumbnail src={target.thumbnail_url} label={target.title} />
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.6}>
            {TARGET_NOUNS[target.kind]}
          </Text>
          <Title order={2} fz="lg" lineClamp={2}>
            {target.title}
          </Title>
          {target.duration_seconds !== null && (
            <Text size="sm" c="dimmed">
              {formatLength(target.duration_seconds)}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function TargetNotFound() {
  return (
    <EmptyPanel
      roomy
      testId="publish-target-not-found"
      icon={<IconMovieOff size={28} />}
      title="This video cannot be found"
      description="It may have been deleted, or the link is not quite right. Open the video from My Media to publish it."
      actions={
        <>
          <Button component={Link} to="/media">
            My Media
          </Button>
          <Button component={Link} to={CONNECTED_ACCOUNTS_PATH} variant="default">
            Connected accounts
          </Button>
        </>
      }
    />
  );
}

/** Why this video cannot be published (now), and the way back to it. */
function TargetBlocked({
  target,
  color,
  title,
  icon,
  testId,
  children,
}: {
  target: PublishTarget;
  /** Unset: the theme's own. */
  color?: string;
  title: string;
  icon: ReactNode;
  testId: string;
  children: string;
}) {
  return (
    <Alert color={color} variant="light" radius="md" title={title} icon={icon} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <Group>
          <Button component={Link} to={target.page_path} color={color} variant="white">
            Back to the video
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The form, or what stands in its way: no YouTube access here, or no channel linked yet. */
function PublishPanel({
  target,
  channels,
}: {
  target: PublishTarget;
  channels: ReturnType<typeof useLinkedChannels>;
}) {
  if (target.state === 'failed') {
    return (
      <TargetBlocked
        target={target}
        color="red"
        title="This video cannot be published"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        testId="publish-target-failed"
      >
        It failed to render, so there is no video to send to YouTube.
      </TargetBlocked>
    );
  }
  // Only a single-frame video may be published while it renders (its upload waits for it).
  if (target.state === 'rendering' && target.kind !== 'single-frame') {
    return (
      <TargetBlocked
        target={target}
        title="Not finished yet"
        icon={<IconClockPlay size={20} aria-hidden />}
        testId="publish-target-not-ready"
      >
        This video is still being made. Come back to publish it once it is ready.
      </TargetBlocked>
    );
  }
  if (channels.error !== null && channels.data === null) {
    return <LoadProblem what="Your channels could not be loaded." source={channels} />;
  }
  if (!channels.data) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton radius="md" h={56} />
        <Skeleton radius="md" h={56} />
        <Skeleton radius="md" h={120} />
      </Stack>
    );
  }
  if (!channels.data.configured) {
    return <YouTubeNotConfigured />;
  }
  const linked: readonly LinkedChannel[] = channels.data.channels;
  if (linked.length === 0) {
    return (
      <ConnectChannelFirst description="Link your channel once, then publish any of your videos to it from here." />
    );
  }
  return (
    <Stack gap="md">
      {target.state === 'rendering' && (
        <Alert
          variant="light"
          radius="md"
          icon={<IconClockPlay size={20} aria-hidden />}
          data-testid="publish-target-rendering"
        >
          This video is still rendering. Publish it now and it uploads to YouTube as soon as the
          render finishes.
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <UploadForm key={target.uuid} target={target} channels={linked} />
      </Paper>
    </Stack>
  );
}

export function PublishScreen({ title, description }: { title: string; description: string }) {
  const { targetId = '' } = useParams({ strict: false }) as { targetId?: string };
  const online = useOnline();
  const target = usePublishTarget(targetId);
  const channels = useLinkedChannels();
  const notFound = target.error !== null && failureOf(target.error).status === 404;

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      {target.data && <BackLink to={target.data.page_path}>Back to the video</BackLink>}
      <PageHeader title={title} description={description} />
      {!online && !target.data && (
        <Box mb="lg">
          <OfflineNotice />
        </Box>
      )}
      {notFound ? (
        <TargetNotFound />
      ) : target.error !== null && target.data === null ? (
        <LoadProblem what="This video could not be loaded." source={target} />
      ) : !target.data ? (
        <Grid gap={{ base: 'md', md: 'xl' }} aria-busy>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton radius="lg" h={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton radius="lg" h={420} />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Box pos={{ base: 'static', md: 'sticky' }} top={88}>
              <TargetPreview target={target.data} />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PublishPanel target={target.data} channels={channels} />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
