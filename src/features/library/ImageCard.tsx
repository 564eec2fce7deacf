import { ActionIcon, AspectRatio, Card, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPencil,
  IconPhoto,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { LibraryImage } from '../../api/media';
import { IMAGE_TYPE_LABELS } from '../../lib/format';
import { ItemActionsMenu } from './ItemActionsMenu';
import classes from './library.module.css';

/** One image of the grid: its thumbnail (or processing state), name, type and actions. */
export function ImageCard({
  image,
  online,
  onToggleFavorite,
  onEdit,
  onDelete,
}: {
  image: LibraryImage;
  online: boolean;
  onToggleFavorite: (image: LibraryImage) => void;
  onEdit: (image: LibraryImage) => void;
  onDelete: (image: LibraryImage) => void;
}) {
  const [broken, setBroken] = useState(false);
  const name = image.image_name;
  const offlineHint = online ? undefined : 'Needs a connection';

  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      shadow="xs"
      data-testid="image-card"
      data-name={name}
      data-status={image.status}
      data-favorite={image.favorite}
      data-type={image.image_type}
    >
      <Card.Section className={classes.thumbFrame}>
        <AspectRatio ratio={1}>
          {image.thumbnail_path && !broken ? (
            <img
              src={image.thumbnail_path}
              alt={name}
              loading="lazy"
              className={classes.thumb}
              onError={() => setBroken(true)}
            />
          ) : (
            <div className={classes.thumbPlaceholder} aria-hidden>
              <IconPhoto size={36} stroke={1.3} />
            </div>
          )}
        </AspectRatio>
        {image.status === 'PENDING' && (
          <div className={classes.overlay} data-testid="image-processing">
            <Loader size="sm" color="white" aria-hidden />
            <Text size="xs" fw={600} c="white">
              Processing…
            </Text>
          </div>
        )}
        {image.status === 'FAILED' && (
          <div className={classes.overlay} data-failed>
            <IconAlertTriangle size={22} aria-hidden />
            <Text size="xs" fw={600} c="white" ta="center" px="sm" lineClamp={4}>
              {image.error ?? 'This image could not be processed.'}
            </Text>
          </div>
        )}
        <Tooltip label={offlineHint ?? (image.favorite ? 'Untag as favorite' : 'Tag as favorite')}>
          <ActionIcon
            className={classes.favorite}
            data-favorite={image.favorite || undefined}
            variant="transparent"
            radius="xl"
            size="lg"
            aria-label={image.favorite ? `Untag ${name} as favorite` : `Tag ${name} as favorite`}
            aria-pressed={image.favorite}
            disabled={!online}
            onClick={() => onToggleFavorite(image)}
          >
            {image.favorite ? (
              <IconStarFilled size={18} aria-hidden />
            ) : (
              <IconStar size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      </Card.Section>
      <Group p="sm" gap={4} wrap="nowrap" justify="space-between">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate="end" title={name}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {IMAGE_TYPE_LABELS[image.image_type]}
            {image.width && image.height ? ` · ${image.width}×${image.height}` : ''}
          </Text>
        </Stack>
        <ItemActionsMenu
          name={name}
          online={online}
          actions={[
            { label: 'Edit info', icon: IconPencil, onClick: () => onEdit(image) },
            { label: 'Delete', icon: IconTrash, danger: true, onClick: () => onDelete(image) },
          ]}
        />
      </Group>
    </Card>
  );
}
