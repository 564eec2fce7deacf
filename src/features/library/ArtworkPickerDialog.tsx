import {
  AspectRatio,
  Button,
  EmptyState,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhoto, IconPhotoOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LibraryAudio } from '../../api/media';
import { useLibraryImages } from './library-queries';
import classes from './library.module.css';

function ArtworkPicker({
  audio,
  onSave,
  onClose,
}: {
  audio: LibraryAudio;
  onSave: (imageUuid: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const { value: images } = useLibraryImages();
  const [selected, setSelected] = useState<string | null>(audio.artwork_image_uuid);
  const [pending, setPending] = useState(false);
  const ready = (images ?? []).filter((image) => image.status === 'COMPLETE');
  // Album art first: the likeliest choice.
  const ordered = [
    ...ready.filter((image) => image.image_type === 'album_art'),
    ...ready.filter((image) => image.image_type !== 'album_art'),
  ];

  async function save() {
    setPending(true);
    try {
      if (await onSave(selected)) onClose();
    } finally {
      setPending(false);
    }
  }

  if (images && ordered.length === 0) {
    return (
      <EmptyState
        py="lg"
        icon={<IconPhoto size={26} />}
        title="No images to choose from"
        description="Upload a picture first; it can then be this track's artwork."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/media/images" onClick={onClose}>
            Go to My Images
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <Stack gap="md">
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="radiogroup" aria-label="Artwork">
          <button
            type="button"
            className={classes.pickable}
            data-selected={selected === null || undefined}
            data-none
            role="radio"
            aria-checked={selected === null}
            aria-label="No artwork"
            onClick={() => setSelected(null)}
          >
            <AspectRatio ratio={1}>
              <div className={classes.thumbPlaceholder}>
                <IconPhotoOff size={28} stroke={1.4} aria-hidden />
              </div>
            </AspectRatio>
            <Text size="xs" fw={600} truncate="end" px={6} py={4} ta="left">
              No artwork
            </Text>
          </button>
          {ordered.map((image) => (
            <button
              key={image.image_uuid}
              type="button"
              className={classes.pickable}
              data-selected={selected === image.image_uuid || undefined}
              role="radio"
              aria-checked={selected === image.image_uuid}
              aria-label={image.image_name}
              title={image.image_name}
              onClick={() => setSelected(image.image_uuid)}
            >
              <AspectRatio ratio={1}>
                <img src={image.thumbnail_path ?? ''} alt="" className={classes.thumb} />
              </AspectRatio>
              <Text size="xs" fw={600} truncate="end" px={6} py={4} ta="left">
                {image.image_name}
              </Text>
            </button>
          ))}
        </SimpleGrid>
      </ScrollArea.Autosize>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          loading={pending}
          disabled={selected === audio.artwork_image_uuid}
          onClick={() => void save()}
        >
          Use this artwork
        </Button>
      </Group>
    </Stack>
  );
}

/** Choose the track's artwork from the user's images, or none. */
export function ArtworkPickerDialog({
  audio,
  onSave,
  onClose,
}: {
  audio: LibraryAudio | null;
  onSave: (audio: LibraryAudio, imageUuid: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={audio !== null}
      onClose={onClose}
      title="Choose artwork"
      centered
      radius="lg"
      size="lg"
    >
      {audio && (
        <ArtworkPicker
          key={audio.audio_uuid}
          audio={audio}
          onSave={(imageUuid) => onSave(audio, imageUuid)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
