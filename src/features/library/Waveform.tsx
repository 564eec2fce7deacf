import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { waveformPeaks } from '../../../core/audio-analysis/waveform-peaks';
import { useElementWidth } from '../../ui/use-element-width';
import { formatDuration, formatLength } from '../../lib/format';
import classes from './library.module.css';
import { barCount, drawWaveform, seekFraction, waveformBars } from './waveform-drawing';

/** Arrow keys move this many seconds. */
const KEY_STEP_S = 5;

/**
 * The track's waveform on a canvas, drawn from its analysis; the played part in the accent
 * colour. Clicking (or the arrow keys) seeks.
 */
export function Waveform({
  analysis,
  time,
  duration,
  height = 96,
  onSeek,
}: {
  analysis: Analysis;
  time: number;
  duration: number;
  height?: number;
  onSeek: (seconds: number) => void;
}) {
  const frame = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const width = Math.floor(useElementWidth(frame));
  const bars = useMemo(
    () => (width > 0 ? waveformBars(waveformPeaks(analysis, barCount(width)), height) : []),
    [analysis, width, height],
  );
  const progress = duration > 0 ? time / duration : 0;
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const style = getComputedStyle(element);
    const color = (name: string, fallback: string) =>
      style.getPropertyValue(name).trim() || fallback;
    const dark = scheme === 'dark';
    drawWaveform(context, bars, {
      width,
      height,
      progress,
      played: color('--mantine-primary-color-filled', '#693ee9'),
      rest: dark
        ? color('--mantine-color-dark-3', '#696969')
        : color('--mantine-color-gray-4', '#ced4da'),
    });
  }, [bars, progress, width, height, scheme]);

  function seekTo(seconds: number) {
    onSeek(Math.max(0, Math.min(duration, seconds)));
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    seekTo(seekFraction(event.clientX - box.left, box.width) * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: time - KEY_STEP_S,
      ArrowDown: time - KEY_STEP_S,
      ArrowRight: time + KEY_STEP_S,
      ArrowUp: time + KEY_STEP_S,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  }

  return (
    <div ref={frame} style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        className={classes.waveform}
        style={{ height }}
        data-testid="waveform"
        data-progress={progress.toFixed(3)}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatDuration(time)} of ${formatLength(duration)}`}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
