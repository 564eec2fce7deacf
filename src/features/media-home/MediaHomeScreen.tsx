import {
  EmptyState,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronRight,
  IconBrandSpotify,
  IconMovie,
  IconMusic,
  IconPackage,
  IconPhoto,
  IconSparkles,
  IconWaveSine,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../lib/network';
import {
  artworkSource,
  LibraryLayout,
  type RecentItem,
  RecentItemCard,
  ListNotFetched,
  useFetchedAudios,
  useFetchedImages,
  useLibraryCanLoad,
  useReadyImages,
  useUploads,
} from '../library';
import { KITS_PATH } from '../release-kits';
import { useRenderCounts, useRenderSyncStatus } from '../renders';
import { UploadButton, UploadQueueList } from '../uploads';

/** The total, or null when a part is not known. */
function sumOrNull(counts: Array<number | null>): number | null {
  let total = 0;
  for (const count of counts) {
    if (count === null) return null;
    total += count;
  }
  return total;
}

/**
 * A count as the overview shows it: a number the server gave; loading (undefined) while the saved
 * copy is read or a list not fetched yet is on its way; unknown (null, a dash) when it cannot come.
 */
function shownCount(count: number | null | undefined, canLoad: boolean): number | null | undefined {
  return count === null && canLoad ? undefined : count;
}

/** How many recent items the overview shows. */
const RECENT_COUNT = 8;

/**
 * One count of the overview: what is counted, how many, where it links to and a note. The count
 * is null (shown as a dash) or undefined (loading) until its list has been fetched: never a 0
 * the server did not say.
 */
type CountLink = {
  label: string;
  count: number | null | undefined;
  icon: typeof IconPhoto;
  to: string;
  note: string;
};

/** How many images, tracks or videos there are, linking to their page. */
function StatCard({ label, count, icon: Icon, to, note }: CountLink) {
  // A row on wide screens; on a phone three narrow columns, icon above the figure.
  const body = (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'flex-start', sm: 'center' }}
      gap={{ base: 6, sm: 'md' }}
    >
      <ThemeIcon size={48} radius="md" variant="light" aria-hidden visibleFrom="sm">
        <Icon size={26} stroke={1.6} />
      </ThemeIcon>
      <ThemeIcon size={30} radius="md" variant="light" aria-hidden hiddenFrom="sm">
        <Icon size={18} stroke={1.8} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {count === undefined ? (
          <Skeleton
            h={32}
            w={36}
            my={1}
            radius="sm"
            aria-busy
            aria-label={`Counting ${label.toLowerCase()}`}
            data-testid={`count-${label.toLowerCase()}-loading`}
          />
        ) : (
          <Text fz={28} fw={750} lh={1.15} data-testid={`count-${label.toLowerCase()}`}>
            {count ?? '–'}
          </Text>
        )}
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {note}
        </Text>
      </Stack>
    </Flex>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <UnstyledButton component={Link} to={to} w="100%">
        {body}
      </UnstyledButton>
    </Paper>
  );
}

/** A link to one kind of video the user made, with how many there are. */
function VideoSectionCard({ label, count, icon: Icon, to, note }: CountLink) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <UnstyledButton
        component={Link}
        to={to}
        w="100%"
        data-testid={`video-section-${to.split('/').pop()}`}
      >
        <Group gap="md" wrap="nowrap">
          <ThemeIcon
            size={44}
            radius="md"
            variant="gradient"
            gradient={{ from: 'wave.6', to: 'pink.6', deg: 120 }}
            aria-hidden
          >
            <Icon size={24} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1 }} miw={0}>
            <Text fw={650}>{label}</Text>
            <Text size="xs" c="dimmed">
              {count == null ? note : `${count} ${count === 1 ? 'video' : 'videos'} · ${note}`}
            </Text>
          </Stack>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

/** /media: how much is in the library, the latest items, and the way to add more. */
export function MediaHomeScreen({ title, description }: { title: string; description: string }) {
  const online = useOnline();
  const images = useFetchedImages().value;
  const audios = useFetchedAudios().value;
  const canLoad = useLibraryCanLoad();
  const uploads = useUploads();
  const readyImages = useReadyImages(images ?? undefined);
  const renderCounts = useRenderCounts();
  const renderStatus = useRenderSyncStatus();
  const videoCount = renderCounts && sumOrNull(Object.values(renderCounts));
  const videosCanLoad = online && !Object.values(renderStatus).some((status) => status.failed);
  const recent: RecentItem[] = [
    ...(audios ?? []).map((audio) => ({
      kind: 'audio' as const,
      created: audio.created_at,
      audio,
    })),
    ...(images ?? []).map((image) => ({
      kind: 'image' as const,
      created: image.created_at,
      image,
    })),
  ]
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, RECENT_COUNT);

  const stats: CountLink[] = [
    {
      label: 'Images',
      count: shownCount(images && images.length, canLoad),
      icon: IconPhoto,
      to: '/media/images',
      note: 'Album art, logos, backgrounds',
    },
    {
      label: 'Audio',
      count: shownCount(audios && audios.length, canLoad),
      icon: IconMusic,
      to: '/media/audio',
      note: 'Tracks to make videos from',
    },
    {
      label: 'Videos',
      count: shownCount(videoCount, videosCanLoad),
      icon: IconMovie,
      to:
        renderCounts?.visualizer === 0 && (renderCounts['single-frame'] ?? 0) > 0
          ? '/media/single-frame-videos'
          : '/media/visualizers',
      note: 'Visualizers, static videos and Canvas loops',
    },
  ];
  const videoSections: CountLink[] = [
    {
      label: 'Music visualizers',
      count: renderCounts?.visualizer,
      icon: IconWaveSine,
      to: '/media/visualizers',
      note: 'Audio-reactive videos',
    },
    {
      label: 'Static music videos',
      count: renderCounts?.['single-frame'],
      icon: IconMovie,
      to: '/media/single-frame-videos',
      note: 'Your artwork with your track',
    },
    {
      label: 'Spotify Canvas',
      count: renderCounts?.canvas,
      icon: IconBrandSpotify,
      to: '/media/canvas-videos',
      note: 'Vertical loops for Spotify',
    },
    {
      label: 'Release kits',
      count: undefined,
      icon: IconPackage,
      to: KITS_PATH,
      note: 'Every video of a release from one track',
    },
  ];

  const recentSkeleton = (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" aria-busy>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} radius="lg" h={200} />
      ))}
    </SimpleGrid>
  );

  const uploadButtons = (
    <Group gap="sm" justify="center">
      <UploadButton kind="audio" onFiles={(files) => uploads.add(files, 'audio')} />
      <UploadButton
        kind="image"
        variant="light"
        onFiles={(files) => uploads.add(files, 'image', 'album_art')}
      />
    </Group>
  );

  return (
    <LibraryLayout title={title} description={description}>
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} mb="xl">
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'xs', sm: 'md' }} mb="xl">
        {videoSections.map((section) => (
          <VideoSectionCard key={section.label} {...section} />
        ))}
      </SimpleGrid>

      <UploadQueueList
        rows={uploads.rows}
        online={online}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onDismiss={uploads.dismiss}
      />

      {images === undefined || audios === undefined ? (
        recentSkeleton
      ) : images === null || audios === null ? (
        <ListNotFetched skeleton={recentSkeleton} />
      ) : recent.length === 0 ? (
        <Paper withBorder radius="lg" shadow="xs">
          <EmptyState
            py={56}
            px="md"
            variant="light"
            icon={<IconSparkles size={28} />}
            title="Your library is empty"
            description="Upload a track and some artwork to start making videos. Uploads wait for a connection and resume if it drops."
          >
            <EmptyState.Actions>{uploadButtons}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Group justify="space-between" align="center" mb="md" gap="sm">
            <Title order={2} fz="lg">
              Recently added
            </Title>
            {uploadButtons}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
            {recent.map((item) => (
              <RecentItemCard
                key={item.kind === 'audio' ? item.audio.audio_uuid : item.image.image_uuid}
                item={item}
                artwork={item.kind === 'audio' ? artworkSource(item.audio, readyImages) : null}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </LibraryLayout>
  );
}
