import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImageSlot } from '../../../core/render/scene';
import type { LibraryImage } from '../../api/media';
import { ImageChoiceDialog } from '../../ui/ImageChoiceDialog';
import { IMAGE_SLOT_LABELS } from './field-labels';
import classes from './render-editor.module.css';

/** Images that can be used: processed ones, those of the slot's type first. */
export function imagesForSlot(images: readonly LibraryImage[], slot: ImageSlot): LibraryImage[] {
  const ready = images.filter((image) => image.status === 'COMPLETE' && image.image_path);
  return [
    ...ready.filter((image) => image.image_type === slot),
    ...ready.filter((image) => image.image_type !== slot),
  ];
}

/**
 * One image slot of the template: the chosen image's thumbnail, and a dialog to choose another
 * from the library.
 */
export function ImageSlotPicker({
  slot,
  images,
  chosen,
  signedIn,
  onChange,
}: {
  slot: ImageSlot;
  images: readonly LibraryImage[];
  chosen: LibraryImage | null;
  signedIn: boolean;
  onChange: (image: LibraryImage | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const label = IMAGE_SLOT_LABELS[slot];
  const choices = imagesForSlot(images, slot);

  return (
    <Group gap="sm" wrap="nowrap" data-testid={`image-slot-${slot}`}>
      {chosen?.thumbnail_path ? (
        <img className={classes.slotThumb} src={chosen.thumbnail_path} alt="" />
      ) : (
        <div className={classes.slotThumb} style={{ display: 'grid', placeItems: 'center' }}>
          <IconPhoto size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        </div>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {chosen
            ? chosen.image_name
            : signedIn
              ? 'None: the template draws its own'
              : 'Log in to use your images'}
        </Text>
      </Stack>
      {chosen && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          aria-label={`Remove the ${label.toLowerCase()} image`}
          onClick={() => onChange(null)}
        >
          <IconX size={16} aria-hidden />
        </Button>
      )}
      <Button
        variant="light"
        size="compact-sm"
        disabled={!signedIn}
        onClick={() => setOpen(true)}
        aria-label={`${chosen ? 'Change' : 'Choose'} the ${label.toLowerCase()} image`}
      >
        {chosen ? 'Change' : 'Choose'}
      </Button>
      <ImageChoiceDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={`Choose the ${label.toLowerCase()} image`}
        images={choices}
        chosenUuid={chosen?.image_uuid ?? null}
        onChoose={onChange}
      />
    </Group>
  );
}
