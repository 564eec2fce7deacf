import { Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconWaveSine } from '@tabler/icons-react';
import { useState } from 'react';
import type { CachedRenderRow } from './render-kinds';
import classes from './renders.module.css';

/** The render's picture: its thumbnail once finished, else a placeholder that says where it is. */
export function RenderThumbnail({
  row,
  label,
  showPercent = true,
}: {
  row: CachedRenderRow;
  label?: string;
  /** The percent on the placeholder while rendering (not where a bar says it already). */
  showPercent?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const src = row.phase === 'ready' ? row.info.thumbnail_image : null;
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={label ?? ''}
        className={classes.thumb}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  }
  const Icon =
    row.phase === 'failed'
      ? IconAlertTriangle
      : row.kind === 'visualizer'
        ? IconWaveSine
        : IconMovie;
  return (
    <div className={classes.placeholder} data-failed={row.phase === 'failed' || undefined}>
      <Icon
        size={36}
        stroke={1.5}
        aria-hidden
        className={row.phase === 'rendering' ? classes.pulse : undefined}
      />
      {row.phase === 'rendering' && showPercent && (
        <Text size="sm" fw={700} c="white">
          {Math.floor(row.percent_complete)}%
        </Text>
      )}
    </div>
  );
}
