// The kit's title, artist and cover (album art), filled in from the chosen track and editable.
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { LibraryImage } from '../../api/media';
import { ImageSlotPicker } from '../render-editor';
import type { KitReleaseControl } from './use-kit-release';

/** As long as the look's own title and artist fields take. */
const TEXT_MAX_LENGTH = 100;

export function KitReleaseFields({
  control,
  images,
  signedIn,
  fromTrack,
}: {
  control: KitReleaseControl;
  images: readonly LibraryImage[];
  signedIn: boolean;
  /** A track is chosen: the fields show what the library knows of it. */
  fromTrack: boolean;
}) {
  const { release, edit } = control;
  const cover = images.find((image) => image.image_uuid === release.coverId) ?? null;
  return (
    <Stack gap="sm" data-testid="kit-release">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Title"
          placeholder="Song title"
          maxLength={TEXT_MAX_LENGTH}
          value={release.title}
          onChange={(event) => edit('title', event.currentTarget.value)}
        />
        <TextInput
          label="Artist"
          placeholder="Artist name"
          maxLength={TEXT_MAX_LENGTH}
          value={release.artist}
          onChange={(event) => edit('artist', event.currentTarget.value)}
        />
      </SimpleGrid>
      <ImageSlotPicker
        slot="album_art"
        images={images}
        chosen={cover}
        signedIn={signedIn}
        onChange={(image) => edit('coverId', image?.image_uuid ?? null)}
      />
      <Text size="xs" c="dimmed">
        {fromTrack
          ? 'From the track’s tags and artwork; change them for this kit. The title names the files and heads the thumbnail; the album art is the Canvas’s picture.'
          : 'Filled in from your track’s tags and artwork once you pick it.'}
      </Text>
    </Stack>
  );
}
