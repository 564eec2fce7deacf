import { Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconWaveSine } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useOnline } from '../../lib/network';
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
  const online = useOnline();
  const src = row.phase === 'ready' ? row.info.thumbnail_image : null;
  // Offline the loop cannot come: the thumbnail alone stands.
  if (src && !broken && row.kind === 'canvas' && row.info.video_url && online) {
    return <HoverLoop poster={src} video={row.info.video_url} label={label} />;
  }
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

/**
 * A Canvas in a list: its thumbnail, and the loop itself playing (muted) while the pointer is on
 * it; the video is fetched only then.
 */
function HoverLoop({ poster, video, label }: { poster: string; video: string; label?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const play = () => {
    setPlaying(true);
    void ref.current?.play().catch(() => setPlaying(false));
  };
  const stop = () => {
    setPlaying(false);
    ref.current?.pause();
  };
  return (
    <video
      ref={ref}
      className={classes.thumb}
      poster={poster}
      src={video}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label}
      data-testid="canvas-hover-loop"
      data-playing={playing}
      onMouseEnter={play}
      onMouseLeave={stop}
    />
  );
}
