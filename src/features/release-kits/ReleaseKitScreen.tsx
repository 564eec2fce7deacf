// /media/release-kits/{kitId}: one kit as it renders and once it is done: the whole kit's
// progress and time left, each file's, the ZIP of the finished files, and Publish.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileZip, IconPackage } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { formatDuration } from '../../lib/format';
import { useOnline } from '../../lib/network';
import { MediaFrame } from '../../ui/MediaFrame';
import type { ReleaseKit } from '../../api/release-kits';
import { ProgressMeter } from '../../ui/ProgressMeter';
import { KitPartRow } from './KitPartRow';
import { useLinkedChannels } from '../publishing';
import { KitPublishPanel, PUBLISH_MESSAGES } from './KitPublishPanel';
import { KitSummary } from './KitSummary';
import { KIT_CREATOR_PATH, KIT_STATUS_TEXT, KITS_PATH, kitTimeText } from './kit-words';
import { useKitFollow } from './use-kit-follow';

function KitOverview({ kit }: { kit: ReleaseKit }) {
  const status = KIT_STATUS_TEXT[kit.status];
  const percent =
    kit.status === 'COMPLETE' ? 100 : Math.min(100, Math.max(0, kit.percent_complete));
  const failed = kit.parts.filter((part) => part.status === 'FAILED').length;
  return (
    <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.6}>
              Release kit
            </Text>
            <Title order={2} fz={{ base: 'lg', sm: 'xl' }} lineClamp={2} data-testid="kit-title">
              {kit.title || kit.audio_file_name}
            </Title>
            {kit.artist && (
              <Text c="dimmed" size="sm">
                {kit.artist}
              </Text>
            )}
          </Stack>
          <Badge
            size="lg"
            color={status.color}
            variant="light"
            style={{ flex: 'none' }}
            data-testid="kit-status"
            data-status={kit.status}
          >
            {status.label}
          </Badge>
        </Group>
        {kit.status !== 'FAILED' && (
          <ProgressMeter
            percent={percent}
            state={kit.status === 'COMPLETE' ? 'done' : 'working'}
            timeText={kitTimeText(kit)}
            label="The whole kit"
            testIds={{ percent: 'kit-percent', time: 'kit-time-left' }}
          />
        )}
        {kit.status === 'FAILED' && (
          <Alert
            color="red"
            variant="light"
            radius="md"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={failed === 1 ? 'One file failed' : `${failed} files failed`}
            data-testid="kit-failed"
          >
            <Stack gap="xs">
              <Text size="sm">
                Their credits were given back. The finished files are below and in the ZIP.
              </Text>
              <Anchor component={Link} to={KIT_CREATOR_PATH} size="sm" fw={600}>
                Make the kit again
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Text size="sm" c="dimmed" data-testid="kit-hook-summary">
          Hook {formatDuration(kit.hook.start_seconds)}–{formatDuration(kit.hook.end_seconds)} ·{' '}
          {kit.hook.bars} {kit.hook.bars === 1 ? 'bar' : 'bars'}
          {kit.bpm ? ` · ${Math.round(kit.bpm)} BPM` : ''} · from {kit.audio_file_name}
        </Text>
        <Group gap="sm">
          {kit.zip_url ? (
            <Button
              component="a"
              href={kit.zip_url}
              download
              size="md"
              leftSection={<IconFileZip size={18} aria-hidden />}
              data-testid="kit-zip"
            >
              Download the kit (ZIP)
            </Button>
          ) : (
            // A link cannot be disabled: until a file is ready it is a disabled button.
            <Button
              size="md"
              leftSection={<IconFileZip size={18} aria-hidden />}
              disabled
              data-testid="kit-zip"
            >
              Download the kit (ZIP)
            </Button>
          )}
          {!kit.zip_url && (
            <Text size="sm" c="dimmed">
              The ZIP opens once the first file is ready.
            </Text>
          )}
          {kit.zip_url && kit.status === 'IN-PROGRESS' && (
            <Text size="sm" c="dimmed">
              Holds the files finished so far.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The right column: Publish where YouTube is set up, then the kit's summary; without YouTube the
 * summary alone, with what to do instead (downloading is all there is).
 */
function KitSide({ kit }: { kit: ReleaseKit }) {
  const linked = useLinkedChannels();
  if (linked.data && !linked.data.configured)
    return (
      <KitSummary
        kit={kit}
        note={`${PUBLISH_MESSAGES.notConfigured} Download the files and upload each where it goes.`}
      />
    );
  return (
    <Stack gap="md">
      <KitPublishPanel kit={kit} linked={linked} />
      <KitSummary kit={kit} />
    </Stack>
  );
}

/** What the page is, in one sentence: while it renders, that leaving it is fine. */
function kitDescription(kit: ReleaseKit | null): string {
  if (kit?.status === 'COMPLETE')
    return 'Every file of your release from one track: play each here, and download them one by one or as one ZIP.';
  if (kit?.status === 'FAILED')
    return 'Every file of your release from one track. Some could not be made; the others are ready below.';
  return 'Every file of your release from one track, each rendered as soon as a render slot is free. You can leave this page: the kit keeps rendering.';
}

function NotFound() {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs" data-testid="kit-not-found">
      <Stack align="center" gap="sm" py="lg">
        <IconPackage size={36} stroke={1.5} aria-hidden />
        <Title order={2} fz="lg">
          Release kit not found
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          There is no release kit at this address on your account. It may belong to another account,
          or the link may be incomplete.
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={KITS_PATH} variant="default">
            My release kits
          </Button>
          <Button component={Link} to={KIT_CREATOR_PATH}>
            Make a release kit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ReleaseKitScreen({ title }: { title: string; description: string }) {
  const { kitId = '' } = useParams({ strict: false }) as { kitId?: string };
  const online = useOnline();
  const { kit, notFound, problem } = useKitFollow(kitId);
  const eyebrow = (
    <Anchor component={Link} to={KITS_PATH} size="sm" fw={600}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        My release kits
      </Group>
    </Anchor>
  );

  return (
    <MediaFrame
      title={title}
      eyebrow={eyebrow}
      description={kitDescription(kit)}
      online={online}
      failed={problem !== null && problem !== 404 && kit !== null}
      refreshing={false}
      onRetry={() => window.location.reload()}
      offlineNotice="You are offline: the kit's progress shows again once you are back online."
      refreshFailed="Could not check on this kit. Trying again…"
    >
      {notFound ? (
        <NotFound />
      ) : !kit ? (
        problem !== null ? (
          <Alert color="red" variant="light" radius="md" role="alert" data-testid="kit-load-error">
            This kit could not be loaded. Trying again…
          </Alert>
        ) : (
          <Stack gap="md" aria-busy>
            <Skeleton h={220} radius="lg" />
            <Skeleton h={120} radius="lg" />
          </Stack>
        )
      ) : (
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <KitOverview kit={kit} />
              <Stack gap="sm" component="section" aria-label="Files" data-testid="kit-parts">
                <Title order={2} fz="lg">
                  Files
                </Title>
                {kit.parts.map((part) => (
                  <KitPartRow key={part.output} part={part} />
                ))}
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <KitSide kit={kit} />
          </Grid.Col>
        </Grid>
      )}
    </MediaFrame>
  );
}
