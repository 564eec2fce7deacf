import {
  Chip,
  EmptyState,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGE_TYPES, MEDIA_LIMITS, type ImageType } from '../../../core/media/media-limits';
import type { LibraryImage } from '../../api/media';
import { UploadButton, UploadDropzone, UploadQueueList } from '../uploads';
import { useLibraryServices } from './library-services';
import { useUploads } from './use-uploads';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { IMAGE_TYPE_LABELS } from '../../lib/format';
import { ImageCard } from './ImageCard';
import { ImageInfoDialog } from './ImageInfoDialog';
import { removeImage, saveImageInfo, toggleFavorite } from './library-actions';
import { useFetchedImages } from './library-queries';
import { ListNotFetched } from './ListNotFetched';
import { LibraryLayout } from './LibraryLayout';
import { useOnline } from '../../lib/network';

type Filter = 'all' | 'favorites' | ImageType;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'favorites', label: 'Favorites' },
  ...IMAGE_TYPES.map((type) => ({ value: type, label: IMAGE_TYPE_LABELS[type] })),
];

function matches(image: LibraryImage, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'favorites') return image.favorite;
  return image.image_type === filter;
}

const IMAGE_HINT = `JPEG, PNG, WebP or GIF, up to ${MEDIA_LIMITS.imageMaxBytes / 1024 / 1024} MB each`;

/** /media/images: the user's pictures, with upload, favourite, rename, retype and delete. */
export function ImagesScreen({ title, description }: { title: string; description: string }) {
  const { cache } = useLibraryServices();
  const online = useOnline();
  // Null until the list was fetched once (just signed in): no count, no "No images yet" before.
  const { value: images } = useFetchedImages();
  const uploads = useUploads('image');
  const [uploadType, setUploadType] = useState<ImageType>('album_art');
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<LibraryImage | null>(null);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);

  const addFiles = (files: File[]) => uploads.add(files, 'image', uploadType);
  const shown = (images ?? []).filter((image) => matches(image, filter));
  const skeleton = (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" aria-busy>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} radius="lg" h={220} />
      ))}
    </SimpleGrid>
  );

  return (
    <LibraryLayout title={title} description={description}>
      <UploadDropzone kind="image" onFiles={addFiles} hint={IMAGE_HINT}>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <NativeSelect
            label="Upload as"
            size="sm"
            value={uploadType}
            onChange={(event) => setUploadType(event.currentTarget.value as ImageType)}
            data={IMAGE_TYPES.map((value) => ({ value, label: IMAGE_TYPE_LABELS[value] }))}
          />
          <UploadButton kind="image" onFiles={addFiles} />
        </Group>
      </UploadDropzone>

      <UploadQueueList
        rows={uploads.rows}
        online={online}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onDismiss={uploads.dismiss}
      />

      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="lg">
          Your images{' '}
          {images && (
            <Text span c="dimmed" fz="sm" fw={500} data-testid="image-count">
              {images.length}
            </Text>
          )}
        </Title>
        {images && images.length > 0 && (
          <Chip.Group
            multiple={false}
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
          >
            <Group gap={6}>
              {FILTERS.map((item) => (
                <Chip key={item.value} value={item.value} size="xs" variant="light">
                  {item.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      </Group>

      {images === undefined ? (
        skeleton
      ) : images === null ? (
        <ListNotFetched skeleton={skeleton} />
      ) : images.length === 0 ? (
        <EmptyState
          py={48}
          variant="light"
          icon={<IconPhoto size={28} />}
          title="No images yet"
          description="Upload album art, logos and backgrounds to use in your videos. Drop them above or pick them with Upload images."
        />
      ) : shown.length === 0 ? (
        <EmptyState
          py={40}
          icon={<IconStar size={28} />}
          title="Nothing here"
          description="No image matches this filter."
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          {shown.map((image) => (
            <ImageCard
              key={image.image_uuid}
              image={image}
              online={online}
              onToggleFavorite={(target) => void toggleFavorite(cache, target)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </SimpleGrid>
      )}

      <ImageInfoDialog
        image={editing}
        onClose={() => setEditing(null)}
        onSave={(image, name, type) => saveImageInfo(cache, image, name, type)}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete this image?"
        confirmLabel="Delete image"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? removeImage(cache, deleting) : Promise.resolve(true))}
      >
        “{deleting?.image_name}” is removed from your library for good. Tracks that use it as
        artwork lose it; videos already made keep it.
      </ConfirmDeleteDialog>
    </LibraryLayout>
  );
}
