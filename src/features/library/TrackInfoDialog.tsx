import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { LibraryAudio } from '../../api/media';

const FIELD_MAX = 300;

export interface TrackFields {
  title: string;
  artists: string;
  album: string;
}

function TrackInfoForm({
  audio,
  onSave,
  onClose,
}: {
  audio: LibraryAudio;
  onSave: (fields: TrackFields) => Promise<boolean>;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<TrackFields>({
    title: audio.title ?? '',
    artists: audio.artists ?? '',
    album: audio.album ?? '',
  });
  const [pending, setPending] = useState(false);
  const trimmed = {
    title: fields.title.trim(),
    artists: fields.artists.trim(),
    album: fields.album.trim(),
  };
  const changed =
    trimmed.title !== (audio.title ?? '') ||
    trimmed.artists !== (audio.artists ?? '') ||
    trimmed.album !== (audio.album ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || pending) return;
    setPending(true);
    try {
      if (await onSave(trimmed)) onClose();
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof TrackFields, label: string, extra: { placeholder?: string } = {}) => (
    <TextInput
      label={label}
      value={fields[name]}
      maxLength={FIELD_MAX}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((current) => ({ ...current, [name]: value }));
      }}
      {...extra}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {field('title', 'Title', { placeholder: audio.file_name })}
        {field('artists', 'Artists', { placeholder: 'Separate several with commas' })}
        {field('album', 'Album')}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a track's title, artists and album. */
export function TrackInfoDialog({
  audio,
  onSave,
  onClose,
}: {
  audio: LibraryAudio | null;
  onSave: (audio: LibraryAudio, fields: TrackFields) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal opened={audio !== null} onClose={onClose} title="Edit track info" centered radius="lg">
      {audio && (
        <TrackInfoForm
          key={audio.audio_uuid}
          audio={audio}
          onSave={(fields) => onSave(audio, fields)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
