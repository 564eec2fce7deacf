import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { LibraryImage } from '../../api/media';
import { ImageChoiceDialog } from '../../ui/ImageChoiceDialog';
import { useLibraryImages, useLibraryServices } from '../library';
import classes from './publishing.module.css';
import type { ThumbnailSource } from './upload-form-state';

/** The chosen library image and the dialog to choose one (the library is read only here). */
function LibraryImageChoice({
  chosen,
  onChange,
}: {
  chosen: LibraryImage | null;
  onChange: (image: LibraryImage) => void;
}) {
  useLibraryServices();
  const { value: images } = useLibraryImages();
  const [open, setOpen] = useState(false);
  // Processed images only; backgrounds and album art (the likeliest thumbnails) first.
  const choices = useMemo(() => {
    const ready = (images ?? []).filter((image) => image.status === 'COMPLETE' && image.image_path);
    const rank = (image: LibraryImage) => (image.image_type === 'logo' ? 1 : 0);
    return [...ready].sort((a, b) => rank(a) - rank(b));
  }, [images]);

  return (
    <Group gap="sm" wrap="nowrap" pl={30}>
      {chosen?.thumbnail_path ? (
        <img className={classes.choiceThumb} src={chosen.thumbnail_path} alt="" />
      ) : (
        <div className={classes.choiceThumb} style={{ display: 'grid', placeItems: 'center' }}>
          <IconPhoto size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        </div>
      )}
      <Text size="sm" c={chosen ? undefined : 'dimmed'} truncate="end" style={{ flex: 1 }}>
        {chosen ? chosen.image_name : 'No image chosen yet'}
      </Text>
      <Button variant="light" size="compact-sm" onClick={() => setOpen(true)}>
        {chosen ? 'Change image' : 'Choose image'}
      </Button>
      <ImageChoiceDialog
        opened={open}
        onClose={() => setOpen(false)}
        title="Choose the thumbnail"
        images={choices}
        chosenUuid={chosen?.image_uuid ?? null}
        onChoose={onChange}
      />
    </Group>
  );
}

/** The video's thumbnail on YouTube: the render's own picture, a library image, or none. */
export function ThumbnailField({
  source,
  image,
  error,
  onSourceChange,
  onImageChange,
}: {
  source: ThumbnailSource;
  image: LibraryImage | null;
  error: string | undefined;
  onSourceChange: (source: ThumbnailSource) => void;
  onImageChange: (image: LibraryImage) => void;
}) {
  return (
    <Radio.Group
      label="Thumbnail"
      description="The picture YouTube shows before the video plays."
      value={source}
      onChange={(value) => onSourceChange(value as ThumbnailSource)}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="render" label="The video's own thumbnail" />
        <Radio value="image" label="An image from my library" />
        {source === 'image' && <LibraryImageChoice chosen={image} onChange={onImageChange} />}
        <Radio value="none" label="None: YouTube picks a frame" />
      </Stack>
    </Radio.Group>
  );
}
