// The timeline under a preview: the track's waveform with a playhead (click to seek) and the
// time. It alone follows the playing position, so the editor around it is not re-rendered.
import { Skeleton, Text } from '@mantine/core';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { formatDuration, formatLength } from '../../lib/format';
import { Waveform } from '../library';
import { usePlaybackTime, type PreviewPlayer } from './use-preview-player';

export function PreviewTimeline({
  player,
  analysis,
  duration,
  loading,
}: {
  player: PreviewPlayer;
  /** The chosen track's analysis; null while it loads (or when there is none). */
  analysis: Analysis | null;
  duration: number;
  loading: boolean;
}) {
  const time = usePlaybackTime(player);
  return (
    <>
      <div style={{ flex: 1, minWidth: 0 }}>
        {analysis ? (
          <Waveform
            analysis={analysis}
            time={time}
            duration={duration}
            height={44}
            onSeek={player.seek}
          />
        ) : (
          <Skeleton h={44} radius="sm" animate={loading} />
        )}
      </div>
      <Text size="sm" c="dimmed" ff="monospace" style={{ flex: 'none' }} data-testid="preview-time">
        {formatDuration(time)} / {formatLength(duration)}
      </Text>
    </>
  );
}
