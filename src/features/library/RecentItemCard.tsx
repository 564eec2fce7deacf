// The card of one recently added library item, as the media home lists them.
import { AspectRatio, Card, Group, Stack, Text } from '@mantine/core';
import { IconMusic, IconPhoto } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LibraryAudio, LibraryImage } from '../../api/media';
import { formatLength, IMAGE_TYPE_LABELS, trackTitle } from '../../lib/format';
import classes from './library.module.css';
import { StatusBadge } from './StatusBadge';
import { TrackArtwork } from './TrackArtwork';

export type RecentItem =
  | { kind: 'audio'; created: string; audio: LibraryAudio }
  | { kind: 'image'; created: string; image: LibraryImage };

/** The frame of a recently added item: a card that opens the item's page. */
function RecentCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding={0} component={Link} to={to} data-testid="recent-item">
      {children}
    </Card>
  );
}

export function RecentItemCard({ item, artwork }: { item: RecentItem; artwork: string | null }) {
  if (item.kind === 'image') {
    const { image } = item;
    return (
      <RecentCardLink to="/media/images">
        <Card.Section className={classes.thumbFrame}>
          <AspectRatio ratio={1}>
            {image.thumbnail_path ? (
              <img src={image.thumbnail_path} alt="" className={classes.thumb} loading="lazy" />
            ) : (
              <div className={classes.thumbPlaceholder}>
                <IconPhoto size={32} stroke={1.3} aria-hidden />
              </div>
            )}
          </AspectRatio>
        </Card.Section>
        <Stack gap={0} p="sm">
          <Text size="sm" fw={600} truncate="end">
            {image.image_name}
          </Text>
          <Group gap={6} style={{ rowGap: 4 }} justify="space-between">
            <Text size="xs" c="dimmed">
              {IMAGE_TYPE_LABELS[image.image_type]}
            </Text>
            {image.status !== 'COMPLETE' && <StatusBadge status={image.status} />}
          </Group>
        </Stack>
      </RecentCardLink>
    );
  }
  const { audio } = item;
  return (
    <RecentCardLink to={`/media/audio/${audio.audio_uuid}`}>
      <Card.Section className={classes.thumbFrame}>
        <AspectRatio ratio={1}>
          <TrackArtwork src={artwork} size="100%" radius="0" />
        </AspectRatio>
        <div className={classes.kindMark} title="Audio track">
          <IconMusic size={14} aria-hidden />
        </div>
      </Card.Section>
      <Stack gap={2} p="sm">
        <Text size="sm" fw={600} truncate="end">
          {trackTitle(audio)}
        </Text>
        {/* On a narrow card the badge goes under the duration instead of being cut. */}
        <Group gap={6} style={{ rowGap: 4 }} justify="space-between">
          <Text size="xs" c="dimmed">
            {formatLength(audio.duration_seconds)}
          </Text>
          {audio.core_processing_status !== 'COMPLETE' && (
            <StatusBadge status={audio.core_processing_status} />
          )}
        </Group>
      </Stack>
    </RecentCardLink>
  );
}
