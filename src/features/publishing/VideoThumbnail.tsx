import { AspectRatio } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import classes from './publishing.module.css';

/** A video's picture in a 16:9 frame, or a placeholder when it has none yet. */
export function VideoThumbnail({
  src,
  label,
  ratio = 16 / 9,
}: {
  src: string | null;
  /** What the picture shows, for screen readers. */
  label: string;
  ratio?: number;
}) {
  return (
    <AspectRatio ratio={ratio} className={classes.thumbFrame}>
      {src ? (
        <img className={classes.thumb} src={src} alt={label} loading="lazy" />
      ) : (
        <div className={classes.thumbPlaceholder} role="img" aria-label={label}>
          <IconBrandYoutube size={32} stroke={1.5} aria-hidden />
        </div>
      )}
    </AspectRatio>
  );
}
