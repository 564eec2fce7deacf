import { Button, Group, Input, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { IMAGE_TYPES, type ImageType } from '../../../core/media/media-limits';
import type { LibraryImage } from '../../api/media';
import { IMAGE_TYPE_LABELS } from '../../lib/format';

const NAME_MAX = 200;

function ImageInfoForm({
  image,
  onSave,
  onClose,
}: {
  image: LibraryImage;
  onSave: (name: string, type: ImageType) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(image.image_name);
  const [type, setType] = useState<ImageType>(image.image_type);
  const [pending, setPending] = useState(false);
  const trimmed = name.trim();
  const changed = trimmed !== image.image_name || type !== image.image_type;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || !changed || pending) return;
    setPending(true);
    try {
      if (await onSave(trimmed, type)) onClose();
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          maxLength={NAME_MAX}
          data-autofocus
          error={trimmed ? undefined : 'A name is needed'}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Input.Wrapper label="Type" id="image-type">
          <SegmentedControl
            fullWidth
            mt={4}
            aria-labelledby="image-type-label"
            value={type}
            onChange={(value) => setType(value as ImageType)}
            data={IMAGE_TYPES.map((value) => ({ value, label: IMAGE_TYPE_LABELS[value] }))}
          />
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!trimmed || !changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Rename an image and change its type. */
export function ImageInfoDialog({
  image,
  onSave,
  onClose,
}: {
  image: LibraryImage | null;
  onSave: (image: LibraryImage, name: string, type: ImageType) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal opened={image !== null} onClose={onClose} title="Edit image info" centered radius="lg">
      {image && (
        <ImageInfoForm
          key={image.image_uuid}
          image={image}
          onSave={(name, type) => onSave(image, name, type)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
