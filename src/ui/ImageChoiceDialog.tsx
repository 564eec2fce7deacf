import { Anchor, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { LibraryImage } from '../api/media';
import classes from './ImageChoiceDialog.module.css';

/**
 * A dialog that chooses one image of the library by its thumbnail (the render editor's image
 * slots, a video's YouTube thumbnail). `images` are the choices, in the order shown; with none,
 * it says where to upload some.
 */
export function ImageChoiceDialog({
  opened,
  title,
  images,
  chosenUuid,
  onChoose,
  onClose,
}: {
  opened: boolean;
  title: string;
  images: readonly LibraryImage[];
  chosenUuid: string | null;
  onChoose: (image: LibraryImage) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" radius="lg">
      {images.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <IconPhoto size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>No images yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Upload artwork, logos and backgrounds in{' '}
            <Anchor component={Link} to="/media/images">
              My Images
            </Anchor>
            , then come back to use them here.
          </Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="sm" role="list">
          {images.map((image) => (
            <div role="listitem" key={image.image_uuid}>
              <UnstyledButton
                className={classes.imageChoice}
                aria-pressed={chosenUuid === image.image_uuid}
                aria-label={image.image_name}
                onClick={() => {
                  onChoose(image);
                  onClose();
                }}
                w="100%"
              >
                <img src={image.thumbnail_path ?? image.image_path ?? ''} alt="" loading="lazy" />
              </UnstyledButton>
              <Text size="xs" truncate="end" mt={4}>
                {image.image_name}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
