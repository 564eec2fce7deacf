import { IconMusic } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { LibraryAudio, LibraryImage } from '../../api/media';
import classes from './library.module.css';

/** Ready images by id: a track's artwork shows once its image has its files. */
export function useReadyImages(images: LibraryImage[] | undefined): Map<string, LibraryImage> {
  return useMemo(
    () =>
      new Map(
        (images ?? [])
          .filter((image) => image.status === 'COMPLETE')
          .map((image) => [image.image_uuid, image]),
      ),
    [images],
  );
}

/** The picture to show for a track: its artwork image's thumbnail (or display copy), if ready. */
export function artworkSource(
  audio: Pick<LibraryAudio, 'artwork_image_uuid'>,
  readyImages: Map<string, LibraryImage>,
  large = false,
): string | null {
  const image = audio.artwork_image_uuid ? readyImages.get(audio.artwork_image_uuid) : undefined;
  if (!image) return null;
  return (large ? image.image_path : image.thumbnail_path) ?? image.thumbnail_path;
}

/** A track's artwork, or a note icon, as a square of `size`. */
export function TrackArtwork({
  src,
  size,
  radius = 'var(--mantine-radius-md)',
}: {
  src: string | null;
  size: number | string;
  radius?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <div className={classes.artwork} style={{ width: size, height: size, borderRadius: radius }}>
      {src && broken !== src ? (
        <img src={src} alt="" onError={() => setBroken(src)} />
      ) : (
        <IconMusic
          size={typeof size === 'number' ? Math.round(size / 2.4) : 40}
          stroke={1.4}
          aria-hidden
        />
      )}
    </div>
  );
}
